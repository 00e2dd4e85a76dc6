import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPaths } from "../../test-support/api-paths";
import { startFakeMailchimp } from "../../test-support/fake-targets";
import {
  expectSkipped,
  startTargetHarness,
  type TargetHarness,
} from "../../test-support/target-harness";

let mailchimp: Awaited<ReturnType<typeof startFakeMailchimp>>;
let h: TargetHarness;

beforeAll(async () => {
  mailchimp = await startFakeMailchimp();
  h = await startTargetHarness({ MAILCHIMP_API_URL: mailchimp.url });
});
afterAll(async () => {
  await h.close();
  await mailchimp.close();
});

describe("Mailchimp", () => {
  it("checks the key (with its data centre) and the audience on connecting", async () => {
    const noDc = await h.call("POST", apiPaths.mailchimp, {
      quiz: h.quiz.id,
      api_key: "0123456789abcdef",
      list_id: mailchimp.list,
    });
    expect(noDc.statusCode).toBe(400);
    expect(noDc.json().api_key[0]).toContain("-us21");
    const otherDc = await h.call("POST", apiPaths.mailchimp, {
      quiz: h.quiz.id,
      api_key: mailchimp.key.replace("-us21", "-us6"),
      list_id: mailchimp.list,
    });
    expect(otherDc.json().api_key[0]).toContain("HTTP 401");
    const wrongList = await h.call("POST", apiPaths.mailchimp, {
      quiz: h.quiz.id,
      api_key: mailchimp.key,
      list_id: "nolist",
    });
    expect(wrongList.json().api_key[0]).toContain("Resource Not Found");
    expect((await h.call("GET", apiPaths.mailchimpOfQuiz(h.quiz.id))).statusCode).toBe(404);
  });

  it("subscribes the visitor with the name and phone by the upsert; a returning visitor stays one member", async () => {
    const created = await h.call("POST", apiPaths.mailchimp, {
      quiz: h.quiz.id,
      api_key: mailchimp.key,
      list_id: mailchimp.list,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ api_key: "****us21", list_id: mailchimp.list });
    expect(
      (await h.call("PATCH", apiPaths.mailchimpOfQuiz(h.quiz.id), { list_id: "x" }, h.stranger))
        .statusCode,
    ).toBe(404);

    const first = await h.submitLead({ name: "Olena Koval", email: "Olena@Example.com" });
    await h.deliver();
    const again = await h.submitLead({ name: "Olena Koval", email: "Olena@Example.com" });
    await h.deliver();
    expect(mailchimp.problems).toEqual([]);
    expect(mailchimp.accepted).toEqual([
      {
        email_address: "Olena@Example.com",
        status: "subscribed",
        merge_fields: { FNAME: "Olena", LNAME: "Koval", PHONE: "+380501234567" },
        tags: ["leadquiz"],
      },
    ]);
    const hash = createHash("md5").update("olena@example.com").digest("hex");
    expect(await h.deliveryOf(first)).toMatchObject({ status: "delivered", remoteId: hash });
    expect(await h.deliveryOf(again)).toMatchObject({
      status: "delivered",
      remoteId: hash,
      lastStatusCode: 200,
    });
  });

  it("takes leads into an audience with a required merge field, and never resubscribes", async () => {
    // An owner's audience with its own required field: without skip_merge_validation every
    // lead would be refused with 400 "Your merge fields were invalid".
    mailchimp.requireMergeField("BIRTHDAY");
    mailchimp.addUnsubscribed("gone@example.com");
    const fresh = await h.submitLead({ name: "Ivan", email: "ivan.new@example.com" });
    const gone = await h.submitLead({ name: "Petro", email: "gone@example.com" });
    await h.deliver();
    expect(mailchimp.problems).toEqual([]);
    expect(await h.deliveryOf(fresh)).toMatchObject({ status: "delivered" });
    expect(await h.deliveryOf(gone)).toMatchObject({ status: "delivered" });
    const byEmail = Object.fromEntries(mailchimp.accepted.map((m) => [m.email_address, m]));
    expect(byEmail["ivan.new@example.com"]).toMatchObject({ status: "subscribed" });
    expect(byEmail["gone@example.com"]).toMatchObject({
      status: "unsubscribed",
      merge_fields: { FNAME: "Petro" },
    });
    const puts = mailchimp.requests.filter((r) => r.method === "PUT");
    expect(puts.every((r) => r.path.endsWith("?skip_merge_validation=true"))).toBe(true);
  });

  it("retries on 429, skips a lead without e-mail; switched off it keeps the key masked and still takes a test lead", async () => {
    const { limited, after } = await h.throughRateLimit(mailchimp, {
      email: "third@example.com",
    });
    expect(limited).toMatchObject({ status: "retrying", lastStatusCode: 429 });
    expect(after?.status).toBe("delivered");
    expectSkipped(await h.withoutEmail(mailchimp));

    const record = (await h.call("GET", apiPaths.mailchimpOfQuiz(h.quiz.id))).json();
    const disabled = await h.call("PATCH", apiPaths.mailchimpOfQuiz(h.quiz.id), {
      is_enabled: false,
    });
    expect(disabled.json()).toMatchObject({ is_enabled: false, api_key: "****us21" });
    const test = await h.call("POST", apiPaths.integrationTestLead(record.id));
    expect(test.json()).toMatchObject({ ok: true, status_code: 200 });
    expect((await h.call("DELETE", apiPaths.mailchimpOfQuiz(h.quiz.id))).statusCode).toBe(204);
    expect((await h.call("GET", apiPaths.mailchimpOfQuiz(h.quiz.id))).statusCode).toBe(404);
  });
});
