import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPaths } from "../../test-support/api-paths";
import { sampleDeliveryLead } from "../../test-support/fake-target";
import { startFakeSalesdrive } from "../../test-support/fake-targets";
import { startTargetHarness, type TargetHarness } from "../../test-support/target-harness";
import { sendOnce } from "../exactly-once";
import { createOutgoingHttp } from "../http/outgoing-http";
import { createSalesdriveAdapter } from "./salesdrive.adapter";

let salesdrive: Awaited<ReturnType<typeof startFakeSalesdrive>>;
let h: TargetHarness;

beforeAll(async () => {
  salesdrive = await startFakeSalesdrive();
  h = await startTargetHarness({ SALESDRIVE_API_URL: salesdrive.url });
});
afterAll(async () => {
  await h.close();
  await salesdrive.close();
});

describe("SalesDrive", () => {
  it("checks the key and the account on connecting, and refuses a whole address as subdomain", async () => {
    const wrongKey = await h.call("POST", apiPaths.salesdrive, {
      quiz: h.quiz.id,
      form_token: "nope",
      subdomain: salesdrive.subdomain,
    });
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json().form_token[0]).toContain("Wrong API key");
    const wrongAccount = await h.call("POST", apiPaths.salesdrive, {
      quiz: h.quiz.id,
      form_token: salesdrive.token,
      subdomain: "other",
    });
    expect(wrongAccount.json().form_token[0]).toContain("HTTP 404");
    const address = await h.call("POST", apiPaths.salesdrive, {
      quiz: h.quiz.id,
      form_token: salesdrive.token,
      subdomain: "acme.salesdrive.me",
    });
    expect(address.statusCode).toBe(400);
    expect(address.json().subdomain[0]).toContain("acme for acme.salesdrive.me");
    expect((await h.call("GET", apiPaths.salesdriveOfQuiz(h.quiz.id))).statusCode).toBe(404);
  });

  it("adds an order per lead with the name split, the phone, UTM and our id; keeps the order id", async () => {
    const created = await h.call("POST", apiPaths.salesdrive, {
      quiz: h.quiz.id,
      form_token: salesdrive.token,
      subdomain: salesdrive.subdomain,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ form_token: "****9012", subdomain: "acme" });
    expect(
      (await h.call("GET", apiPaths.salesdriveOfQuiz(h.quiz.id), undefined, h.stranger)).statusCode,
    ).toBe(404);

    const leadId = await h.submitLead({ name: "Olena Koval" });
    await h.deliver();
    expect(salesdrive.problems).toEqual([]);
    // The body of shared/design's SalesDrive section (docs/delivery.md), nothing else.
    expect(salesdrive.accepted[0]).toEqual({
      form: salesdrive.token,
      getResultData: 1,
      fName: "Olena",
      lName: "Koval",
      mName: "",
      phone: "+380501234567",
      email: "olena@example.com",
      con_telegram: "+380501234567",
      comment: expect.stringContaining("Answers:"),
      externalId: String(leadId),
      sajt: "builder.example.com",
      utmSource: "google",
      utmCampaign: "spring",
      utmPage: "https://builder.example.com/?client_id=42&utm_source=google",
    });
    const handler = salesdrive.requests.find((r) => r.path === "/acme/handler/");
    expect(handler).toMatchObject({
      method: "POST",
      headers: { "x-api-key": salesdrive.token, "content-type": "application/json" },
    });
    expect(await h.deliveryOf(leadId)).toMatchObject({ status: "delivered", remoteId: "701" });
  });

  it("is accepted by an account that checks the X-Api-Key header instead of the form key", async () => {
    salesdrive.authBy("header");
    try {
      const leadId = await h.submitLead();
      await h.deliver();
      expect(salesdrive.problems).toEqual([]);
      expect(salesdrive.accepted.at(-1)).toMatchObject({ externalId: String(leadId) });
      expect(await h.deliveryOf(leadId)).toMatchObject({ status: "delivered" });

      const adapter = createSalesdriveAdapter(
        createOutgoingHttp({ allowPrivateNetworks: true }),
        salesdrive.url,
      );
      const send = (token: string) =>
        adapter.send({
          eventId: "e2",
          lead: sampleDeliveryLead({ messengers: { instagram: "ivan.p" } }),
          settings: { subdomain: salesdrive.subdomain },
          secrets: { form_token: token },
          language: "en",
          now: new Date(),
          test: false,
          mayHaveLanded: false,
        });
      // An Instagram nick goes as the contact's `con_instagramNick`.
      expect(await send(salesdrive.token)).toMatchObject({ kind: "delivered" });
      expect(salesdrive.accepted.at(-1)).toMatchObject({
        con_instagramNick: "ivan.p",
        sajt: "example.com",
      });
      // A wrong key: `{"status": "error", "message": …}` in a 200 is no success either.
      const refused = await send("old-key");
      expect(refused).toMatchObject({ kind: "failed", statusCode: 200, error: "Wrong API key" });
    } finally {
      salesdrive.authBy("form");
    }
  });

  it("retries while rate limited; an order refused in the body fails at once", async () => {
    const { limited, after } = await h.throughRateLimit(salesdrive);
    expect(limited).toMatchObject({ status: "retrying", lastStatusCode: 429 });
    expect(after?.status).toBe("delivered");

    const record = (await h.call("GET", apiPaths.salesdriveOfQuiz(h.quiz.id))).json();
    const moved = await h.call("PATCH", apiPaths.salesdriveOfQuiz(h.quiz.id), {
      subdomain: "other",
    });
    expect(moved.statusCode).toBe(400);
    const test = await h.call("POST", apiPaths.integrationTestLead(record.id));
    expect(test.json()).toMatchObject({ ok: true, status_code: 200 });

    // A form key SalesDrive no longer knows: 200 with `success: false`, which is no success.
    const adapter = createSalesdriveAdapter(
      createOutgoingHttp({ allowPrivateNetworks: true }),
      salesdrive.url,
    );
    const refused = await adapter.send({
      eventId: "e1",
      lead: sampleDeliveryLead(),
      settings: { subdomain: salesdrive.subdomain },
      secrets: { form_token: "old-key" },
      language: "en",
      now: new Date(),
      test: false,
      mayHaveLanded: false,
    });
    expect(refused).toMatchObject({ kind: "failed", statusCode: 200, error: "Form not found" });
    expect((await h.call("DELETE", apiPaths.salesdriveOfQuiz(h.quiz.id))).statusCode).toBe(204);
    expect((await h.call("GET", apiPaths.salesdriveOfQuiz(h.quiz.id))).statusCode).toBe(404);
  });

  it("a retry whose order lookup is refused adds nothing, and the list's minute limit waits", async () => {
    const adapter = createSalesdriveAdapter(
      createOutgoingHttp({ allowPrivateNetworks: true }),
      salesdrive.url,
    );
    const retry = (token: string, id: number) =>
      sendOnce(adapter, {
        eventId: `e${id}`,
        lead: sampleDeliveryLead({ id }),
        settings: { subdomain: salesdrive.subdomain },
        secrets: { form_token: token },
        language: "en",
        now: new Date(),
        test: false,
        mayHaveLanded: true,
      });
    const before = salesdrive.orders.length;
    // A key the order list does not take: SalesDrive's words, and no blind create.
    expect(await retry("old-key", 9001)).toMatchObject({
      kind: "failed",
      statusCode: 401,
      error: "HTTP 401: Wrong API key",
    });
    expect(salesdrive.orders.length).toBe(before);

    // 10 lists a minute (one was made by the rate-limit test above): then a retry waits a
    // minute, as the 429 names no Retry-After.
    const outcomes = [];
    for (let id = 9002; id < 9013; id += 1) outcomes.push(await retry(salesdrive.token, id));
    const delivered = outcomes.filter((o) => o.kind === "delivered").length;
    expect(delivered).toBeGreaterThanOrEqual(9);
    expect(delivered).toBeLessThanOrEqual(10);
    expect(outcomes[delivered]).toMatchObject({
      kind: "retry",
      statusCode: 429,
      error: "HTTP 429: Too many requests",
      retryAfterMs: 60_000,
    });
    expect(salesdrive.orders.length).toBe(before + delivered);
  });
});
