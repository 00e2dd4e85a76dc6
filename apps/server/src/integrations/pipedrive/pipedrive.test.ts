import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPaths } from "../../test-support/api-paths";
import { startFakePipedrive } from "../../test-support/fake-targets";
import { startTargetHarness, type TargetHarness } from "../../test-support/target-harness";

let pipedrive: Awaited<ReturnType<typeof startFakePipedrive>>;
let h: TargetHarness;

beforeAll(async () => {
  pipedrive = await startFakePipedrive();
  h = await startTargetHarness({ PIPEDRIVE_API_URL: pipedrive.url });
});
afterAll(async () => {
  await h.close();
  await pipedrive.close();
});

describe("Pipedrive", () => {
  it("checks the API token on connecting and answers Pipedrive's reason", async () => {
    const wrong = await h.call("POST", apiPaths.pipedrive, { quiz: h.quiz.id, api_token: "nope" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().api_token[0]).toContain("HTTP 401");
    expect(wrong.json().api_token[0]).toContain("unauthorized access");
    const blank = await h.call("POST", apiPaths.pipedrive, { quiz: h.quiz.id, api_token: " " });
    expect(blank.statusCode).toBe(400);
    expect((await h.call("GET", apiPaths.pipedriveOfQuiz(h.quiz.id))).statusCode).toBe(404);
  });

  it("makes a person, a lead with that person and the answers as a note; keeps the lead's id", async () => {
    const created = await h.call("POST", apiPaths.pipedrive, {
      quiz: h.quiz.id,
      api_token: pipedrive.token,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ quiz: h.quiz.id, api_token: "****5678" });
    expect(JSON.stringify(created.json())).not.toContain(pipedrive.token);
    for (const method of ["GET", "PATCH", "DELETE"] as const) {
      const answer = await h.call(
        method,
        apiPaths.pipedriveOfQuiz(h.quiz.id),
        method === "PATCH" ? { is_enabled: false } : undefined,
        h.stranger,
      );
      expect(answer.statusCode).toBe(404);
    }

    const leadId = await h.submitLead({ name: "Olena <b>Koval</b>" });
    await h.deliver();
    expect(pipedrive.problems).toEqual([]);
    const [lead] = pipedrive.accepted;
    expect(lead?.title).toBe("Renovation — Olena <b>Koval</b>");
    expect(lead?.notes[0]).toContain("Answers:");
    // HTML of the note: line breaks as <br>, the visitor's text escaped.
    expect(lead?.notes[0]).toContain("?client_id=42&#38;utm_source=google");
    expect(await h.deliveryOf(leadId)).toMatchObject({ status: "delivered", remoteId: lead?.id });

    // The same visitor again: the person is found by e-mail, not made twice.
    await h.submitLead({ name: "Olena <b>Koval</b>" });
    await h.deliver();
    expect(pipedrive.persons).toHaveLength(1);
    expect(pipedrive.accepted).toHaveLength(2);
  });

  it("waits out a rate limit for as long as Pipedrive says, and refuses a revoked token on PATCH, changing nothing", async () => {
    const { limited, after, tried } = await h.throughRateLimit(pipedrive);
    expect(limited).toMatchObject({ status: "retrying", lastStatusCode: 429 });
    expect(limited?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(tried + 2000);
    expect(after?.status).toBe("delivered");

    const patched = await h.call("PATCH", apiPaths.pipedriveOfQuiz(h.quiz.id), {
      api_token: "revoked",
    });
    expect(patched.statusCode).toBe(400);
    const record = await h.call("GET", apiPaths.pipedriveOfQuiz(h.quiz.id));
    expect(record.json()).toMatchObject({ api_token: "****5678", is_enabled: true });
    const test = await h.call("POST", apiPaths.integrationTestLead(record.json().id));
    expect(test.json()).toMatchObject({ ok: true, status_code: 201 });
    expect((await h.call("DELETE", apiPaths.pipedriveOfQuiz(h.quiz.id))).statusCode).toBe(204);
    expect((await h.call("GET", apiPaths.pipedriveOfQuiz(h.quiz.id))).statusCode).toBe(404);
  });
});
