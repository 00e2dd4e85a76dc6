import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPaths } from "../../test-support/api-paths";
import { startFakePipedrive } from "../../test-support/fake-targets";
import { LOST_ANSWER_DELAY_MS, throughLostAnswer } from "../../test-support/lost-answer";
import { startTargetHarness, type TargetHarness } from "../../test-support/target-harness";

let pipedrive: Awaited<ReturnType<typeof startFakePipedrive>>;
let h: TargetHarness;

beforeAll(async () => {
  pipedrive = await startFakePipedrive();
  h = await startTargetHarness({ PIPEDRIVE_API_URL: pipedrive.url });
  const connected = await h.call("POST", apiPaths.pipedrive, {
    quiz: h.quiz.id,
    api_token: pipedrive.token,
  });
  expect(connected.statusCode).toBe(201);
});
afterAll(async () => {
  await h.close();
  await pipedrive.close();
});

const slow = (on: boolean) => pipedrive.answerLeadsAfter(on ? LOST_ANSWER_DELAY_MS : 0);
const leadsOf = (origin: string) => pipedrive.accepted.filter((l) => l.origin_id === origin);

describe("Pipedrive: a lead whose answer was lost", () => {
  it("is found by its origin_id on the retry: one lead, delivered with its id, its note added", async () => {
    let leadId = 0;
    const { first, after } = await throughLostAnswer(h.harness, "pipedrive", {
      submit: async () => {
        leadId = await h.submitLead();
        return leadId;
      },
      slow,
    });
    expect(first).toMatchObject({ status: "retrying", attempts: 1 });
    const made = leadsOf(`leadquiz:${leadId}`);
    expect(made).toHaveLength(1);
    expect(after).toMatchObject({ status: "delivered", attempts: 2, remoteId: made[0]?.id });
    // The lost try never got to its note: the retry pins it.
    expect(made[0]?.notes).toHaveLength(1);
    expect(made[0]?.notes[0]).toContain("Answers:");
    expect(pipedrive.problems).toEqual([]);
  });

  it("is found without an e-mail too (the leads changed since it was left)", async () => {
    let leadId = 0;
    const { after } = await throughLostAnswer(h.harness, "pipedrive", {
      submit: async () => {
        leadId = await h.submitLead({ email: "" });
        return leadId;
      },
      slow,
    });
    const made = leadsOf(`leadquiz:${leadId}`);
    expect(made).toHaveLength(1);
    expect(after).toMatchObject({ status: "delivered", remoteId: made[0]?.id });
  });

  it("makes nothing while the lookup itself fails, and is delivered once it answers", async () => {
    let leadId = 0;
    const { after, again } = await throughLostAnswer(h.harness, "pipedrive", {
      submit: async () => {
        leadId = await h.submitLead({ email: "" });
        return leadId;
      },
      slow,
      beforeRetry: () => pipedrive.failLookups(true),
    });
    expect(after).toMatchObject({ status: "retrying", lastStatusCode: 503 });
    expect(leadsOf(`leadquiz:${leadId}`)).toHaveLength(1);
    pipedrive.failLookups(false);
    expect(await again()).toMatchObject({ status: "delivered" });
    expect(leadsOf(`leadquiz:${leadId}`)).toHaveLength(1);
  });

  it("negative control: without the lookup the retry makes a second lead", async () => {
    let leadId = 0;
    const { after } = await throughLostAnswer(h.harness, "pipedrive", {
      submit: async () => {
        leadId = await h.submitLead();
        return leadId;
      },
      slow,
      change: (adapter) => ({ ...adapter, retrySafety: "none" }),
    });
    expect(after?.status).toBe("delivered");
    expect(leadsOf(`leadquiz:${leadId}`)).toHaveLength(2);
  });
});
