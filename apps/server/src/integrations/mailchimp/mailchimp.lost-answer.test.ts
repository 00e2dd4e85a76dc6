import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPaths } from "../../test-support/api-paths";
import { startFakeMailchimp } from "../../test-support/fake-targets";
import { LOST_ANSWER_DELAY_MS, throughLostAnswer } from "../../test-support/lost-answer";
import { startTargetHarness, type TargetHarness } from "../../test-support/target-harness";

let mailchimp: Awaited<ReturnType<typeof startFakeMailchimp>>;
let h: TargetHarness;

beforeAll(async () => {
  mailchimp = await startFakeMailchimp();
  h = await startTargetHarness({ MAILCHIMP_API_URL: mailchimp.url });
  const created = await h.call("POST", apiPaths.mailchimp, {
    quiz: h.quiz.id,
    api_key: mailchimp.key,
    list_id: mailchimp.list,
  });
  expect(created.statusCode).toBe(201);
});
afterAll(async () => {
  await h.close();
  await mailchimp.close();
});

describe("Mailchimp: an upsert whose answer is lost", () => {
  it("is retried and the visitor is one member, tagged, with the member's id kept", async () => {
    const { first: lost, after } = await throughLostAnswer(h.harness, "mailchimp", {
      submit: () => h.submitLead({ email: "Lost@Example.com" }),
      slow: (on) =>
        mailchimp.answerLate(on ? LOST_ANSWER_DELAY_MS : 0, (request) => request.method === "PUT"),
    });
    expect(lost).toMatchObject({ status: "retrying", attempts: 1, lastStatusCode: null });
    expect(lost?.lastError).toContain("did not answer");
    const members = mailchimp.accepted.filter((m) => m.email_address === "Lost@Example.com");
    expect(members).toEqual([
      expect.objectContaining({ status: "subscribed", tags: ["leadquiz"] }),
    ]);
    const hash = createHash("md5").update("lost@example.com").digest("hex");
    expect(after).toMatchObject({ status: "delivered", attempts: 2, remoteId: hash });
    // The retry upserted the same member: two PUTs to one address, no create by POST.
    const puts = mailchimp.requests.filter((r) => r.method === "PUT");
    expect(new Set(puts.map((r) => r.path.split("?")[0]))).toEqual(
      new Set([`/us21/3.0/lists/${mailchimp.list}/members/${hash}`]),
    );
    expect(puts).toHaveLength(2);
    expect(mailchimp.problems).toEqual([]);
  });
});
