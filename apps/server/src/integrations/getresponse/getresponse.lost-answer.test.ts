import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPaths } from "../../test-support/api-paths";
import { startFakeGetresponse } from "../../test-support/fake-targets";
import { LOST_ANSWER_DELAY_MS, throughLostAnswer } from "../../test-support/lost-answer";
import { startTargetHarness, type TargetHarness } from "../../test-support/target-harness";

let getresponse: Awaited<ReturnType<typeof startFakeGetresponse>>;
let h: TargetHarness;

beforeAll(async () => {
  getresponse = await startFakeGetresponse();
  h = await startTargetHarness({ GETRESPONSE_API_URL: getresponse.url });
  const created = await h.call("POST", apiPaths.getresponse, {
    quiz: h.quiz.id,
    api_key: getresponse.key,
    campaign_id: getresponse.campaign,
  });
  expect(created.statusCode).toBe(201);
});
afterAll(async () => {
  await h.close();
  await getresponse.close();
});

describe("GetResponse: a create whose answer is lost", () => {
  it("is retried and the contact is on the list once: GetResponse's 409 counts as delivered", async () => {
    const { first: lost, after } = await throughLostAnswer(h.harness, "getresponse", {
      submit: () => h.submitLead({ email: "lost@example.com" }),
      slow: (on) =>
        getresponse.answerLate(
          on ? LOST_ANSWER_DELAY_MS : 0,
          (request) => request.method === "POST" && request.path === "/v3/contacts",
        ),
    });
    expect(lost).toMatchObject({ status: "retrying", attempts: 1, lastStatusCode: null });
    expect(lost?.lastError).toContain("did not answer");
    expect(getresponse.accepted.filter((c) => c.email === "lost@example.com")).toHaveLength(1);
    // GetResponse gives a contact no id in its answer: the one record is the list's entry.
    expect(after).toMatchObject({ status: "delivered", attempts: 2, lastStatusCode: 409 });
    expect(getresponse.problems).toEqual([]);
  });
});
