import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPaths } from "../../test-support/api-paths";
import { manualClock, testDeliveryWorker } from "../../test-support/delivery-fixtures";
import { type FakeBitrix24, startFakeBitrix24 } from "../../test-support/fake-bitrix24";
import { startTargetHarness, type TargetHarness } from "../../test-support/target-harness";

let h: TargetHarness;
let portal: FakeBitrix24;

beforeAll(async () => {
  portal = await startFakeBitrix24();
  h = await startTargetHarness({});
});
afterAll(async () => {
  await h.close();
  await portal.close();
});

describe("Bitrix24", () => {
  it("checks the webhook on connecting and answers the portal's reason", async () => {
    const revoked = await h.call("POST", apiPaths.bitrix24, {
      quiz: h.quiz.id,
      webhook_url: portal.revokedUrl,
    });
    expect(revoked.statusCode).toBe(400);
    expect(revoked.json().webhook_url[0]).toContain("INVALID_CREDENTIALS");
    const malformed = await h.call("POST", apiPaths.bitrix24, {
      quiz: h.quiz.id,
      webhook_url: "https://example.com/",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().webhook_url[0]).toContain("inbound webhook");
    expect((await h.call("GET", apiPaths.bitrix24OfQuiz(h.quiz.id))).statusCode).toBe(404);
  });

  it("creates a lead per visitor lead with the fields Bitrix24 expects and keeps its id", async () => {
    const created = await h.call("POST", apiPaths.bitrix24, {
      quiz: h.quiz.id,
      webhook_url: portal.webhookUrl,
      responsible_id: 17,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ quiz: h.quiz.id, responsible_id: 17, is_enabled: true });
    expect(created.json().webhook_url).toBe(`****${portal.webhookUrl.slice(-4)}`);
    expect(
      (await h.call("POST", apiPaths.bitrix24, { quiz: h.quiz.id, webhook_url: portal.webhookUrl }))
        .statusCode,
    ).toBe(400);
    expect(
      (await h.call("GET", apiPaths.bitrix24OfQuiz(h.quiz.id), undefined, h.stranger)).statusCode,
    ).toBe(404);

    const leadId = await h.submitLead();
    await h.deliver();
    expect(portal.problems).toEqual([]);
    const [sent] = portal.leads;
    expect(sent?.fields).toMatchObject({
      TITLE: "Renovation — Olena",
      NAME: "Olena",
      PHONE: [{ VALUE: "+380 50 123 4567", VALUE_TYPE: "MOBILE" }],
      EMAIL: [{ VALUE: "olena@example.com", VALUE_TYPE: "WORK" }],
      IM: [{ VALUE: "+380501234567", VALUE_TYPE: "TELEGRAM" }],
      UTM_SOURCE: "google",
      UTM_CAMPAIGN: "spring",
      ASSIGNED_BY_ID: 17,
      SOURCE_ID: "WEB",
      ORIGIN_ID: String(leadId),
    });
    expect(String(sent?.fields.COMMENTS)).toContain("Answers:");
    expect(await h.deliveryOf(leadId)).toMatchObject({ status: "delivered", remoteId: "3465" });
  });

  it("backs off while the portal is rate limited, then delivers", async () => {
    const { limited: waiting, after: done } = await h.throughRateLimit(portal);
    expect(waiting).toMatchObject({ status: "retrying", lastStatusCode: 503 });
    expect(waiting?.lastError).toContain("QUERY_LIMIT_EXCEEDED");
    expect(done?.status).toBe("delivered");
  });

  it("a method blocked for its operating time waits for the operating_reset_at it last named", async () => {
    const clock = manualClock();
    const worker = testDeliveryWorker(h.harness, clock);
    const resetAt = Math.floor(clock.now().getTime() / 1000) + 20 * 60;
    portal.operating(resetAt, null);
    const first = await h.submitLead();
    clock.set(new Date());
    await worker.runOnce();
    expect(await h.deliveryOf(first)).toMatchObject({ status: "delivered" });

    portal.operating(resetAt, "crm.lead.add");
    const second = await h.submitLead();
    clock.set(new Date());
    try {
      await worker.runOnce();
    } finally {
      portal.operating(null, null);
    }
    const blocked = await h.deliveryOf(second);
    expect(blocked).toMatchObject({
      status: "retrying",
      lastStatusCode: 429,
      lastError: "OPERATION_TIME_LIMIT: Method is blocked due to operation time limit.",
    });
    // Not the 30 s backoff of a first try: the reset the portal's last answer named.
    expect(blocked?.nextAttemptAt.getTime()).toBe(resetAt * 1000);

    clock.set(new Date(resetAt * 1000));
    await worker.runOnce();
    expect(await h.deliveryOf(second)).toMatchObject({ status: "delivered" });
  });

  it("a test lead answers what the portal said; disconnecting leaves 404", async () => {
    const integration = (await h.call("GET", apiPaths.bitrix24OfQuiz(h.quiz.id))).json();
    const test = await h.call("POST", apiPaths.integrationTestLead(integration.id));
    expect(test.json()).toMatchObject({ ok: true, status_code: 200 });
    expect(portal.leads.at(-1)?.fields.NAME).toBe("Test");
    expect((await h.call("DELETE", apiPaths.bitrix24OfQuiz(h.quiz.id))).statusCode).toBe(204);
    expect((await h.call("GET", apiPaths.bitrix24OfQuiz(h.quiz.id))).statusCode).toBe(404);
  });
});
