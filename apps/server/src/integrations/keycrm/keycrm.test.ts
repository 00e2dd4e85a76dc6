import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPaths } from "../../test-support/api-paths";
import { type FakeKeycrm, startFakeKeycrm } from "../../test-support/fake-keycrm";
import { startTargetHarness, type TargetHarness } from "../../test-support/target-harness";

let h: TargetHarness;
let keycrm: FakeKeycrm;

beforeAll(async () => {
  keycrm = await startFakeKeycrm();
  h = await startTargetHarness({ KEYCRM_API_URL: keycrm.url });
});
afterAll(async () => {
  await h.close();
  await keycrm.close();
});

describe("KeyCRM", () => {
  it("checks the API key on connecting and answers KeyCRM's reason", async () => {
    const wrong = await h.call("POST", apiPaths.keycrm, { quiz: h.quiz.id, api_token: "nope" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().api_token[0]).toContain("HTTP 401");
    expect(
      (await h.call("POST", apiPaths.keycrm, { quiz: h.quiz.id, api_token: "" })).statusCode,
    ).toBe(400);
    expect((await h.call("GET", apiPaths.keycrmOfQuiz(h.quiz.id))).statusCode).toBe(404);
  });

  it("creates a pipeline card per lead with the contact, UTM and source, and keeps its id", async () => {
    const created = await h.call("POST", apiPaths.keycrm, {
      quiz: h.quiz.id,
      api_token: keycrm.token,
      source_id: 4,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ quiz: h.quiz.id, source_id: 4, api_token: "****1234" });
    expect(
      (await h.call("GET", apiPaths.keycrmOfQuiz(h.quiz.id), undefined, h.stranger)).statusCode,
    ).toBe(404);
    expect(
      (await h.call("PATCH", apiPaths.keycrmOfQuiz(h.quiz.id), { source_id: 5 }, h.stranger))
        .statusCode,
    ).toBe(404);

    const leadId = await h.submitLead();
    await h.deliver();
    expect(keycrm.problems).toEqual([]);
    expect(keycrm.cards[0]).toMatchObject({
      title: "Renovation — Olena",
      source_id: 4,
      contact: { full_name: "Olena", email: "olena@example.com", phone: "+380501234567" },
      utm_source: "google",
      utm_campaign: "spring",
    });
    expect(String(keycrm.cards[0]?.manager_comment)).toContain("Answers:");
    expect(await h.deliveryOf(leadId)).toMatchObject({ status: "delivered", remoteId: "501" });
  });

  it("retries while rate limited and stops on a refused key", async () => {
    const { limited, after, tried } = await h.throughRateLimit(keycrm);
    // KeyCRM's own words, and not before its Retry-After (42 s; the first backoff is 30 s).
    expect(limited).toMatchObject({
      status: "retrying",
      lastStatusCode: 429,
      lastError: "HTTP 429: Too Many Attempts.",
    });
    expect(limited?.nextAttemptAt.getTime()).toBe(tried + 42_000);
    expect(after?.status).toBe("delivered");

    const test = await h.call(
      "POST",
      apiPaths.integrationTestLead(
        (await h.call("GET", apiPaths.keycrmOfQuiz(h.quiz.id))).json().id,
      ),
    );
    expect(test.json()).toMatchObject({ ok: true, status_code: 201 });
    expect((await h.call("DELETE", apiPaths.keycrmOfQuiz(h.quiz.id))).statusCode).toBe(204);
    expect((await h.call("GET", apiPaths.keycrmOfQuiz(h.quiz.id))).statusCode).toBe(404);
  });
});
