import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPaths } from "../../test-support/api-paths";
import { startFakeSendpulse } from "../../test-support/fake-targets";
import { LOST_ANSWER_DELAY_MS, throughLostAnswer } from "../../test-support/lost-answer";
import { startTargetHarness, type TargetHarness } from "../../test-support/target-harness";

let sendpulse: Awaited<ReturnType<typeof startFakeSendpulse>>;
let h: TargetHarness;

beforeAll(async () => {
  sendpulse = await startFakeSendpulse();
  h = await startTargetHarness({ SENDPULSE_API_URL: sendpulse.url });
  const created = await h.call("POST", apiPaths.sendpulse, {
    quiz: h.quiz.id,
    client_id: sendpulse.clientId,
    client_secret: sendpulse.clientSecret,
    address_book_id: sendpulse.book,
  });
  expect(created.statusCode).toBe(201);
});
afterAll(async () => {
  await h.close();
  await sendpulse.close();
});

describe("SendPulse: an add whose answer is lost", () => {
  it("is retried and the address is in the book once", async () => {
    const { first: lost, after } = await throughLostAnswer(h.harness, "sendpulse", {
      submit: () => h.submitLead({ email: "lost@example.com" }),
      slow: (on) =>
        sendpulse.answerLate(
          on ? LOST_ANSWER_DELAY_MS : 0,
          (request) => request.method === "POST" && request.path.endsWith("/emails"),
        ),
    });
    expect(lost).toMatchObject({ status: "retrying", attempts: 1, lastStatusCode: null });
    expect(lost?.lastError).toContain("did not answer");
    expect(sendpulse.accepted.filter((e) => e.email === "lost@example.com")).toHaveLength(1);
    const adds = sendpulse.requests.filter((r) => r.path.endsWith("/emails"));
    expect(adds).toHaveLength(2);
    // SendPulse answers `{"result": true}` and no id: the one record is the book's entry.
    expect(after).toMatchObject({ status: "delivered", attempts: 2, lastStatusCode: 200 });
    expect(sendpulse.problems).toEqual([]);
  });
});
