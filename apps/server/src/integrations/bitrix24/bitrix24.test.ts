import { apiPaths } from "@leadquiz/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveries } from "../../db/schema";
import { apiCall, registerUser, type TestUser } from "../../test-support/api-client";
import { manualClock, testDeliveryWorker } from "../../test-support/delivery-fixtures";
import { type FakeBitrix24, startFakeBitrix24 } from "../../test-support/fake-bitrix24";
import {
  createLeadsHarness,
  houseLead,
  type LeadsHarness,
  type PublishedQuiz,
} from "../../test-support/leads-fixtures";

let harness: LeadsHarness;
let portal: FakeBitrix24;
let quiz: PublishedQuiz;
let stranger: TestUser;

beforeAll(async () => {
  portal = await startFakeBitrix24();
  harness = await createLeadsHarness({
    JOBS_IN_PROCESS: "false",
    INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: "true",
  });
  quiz = await harness.publishedQuiz();
  stranger = await registerUser(harness.t);
});
afterAll(async () => {
  await harness.close();
  await portal.close();
});

const call = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  body?: unknown,
  user = quiz.owner,
) => apiCall(harness.t, method, url, { user, body, language: "en" });

describe("Bitrix24", () => {
  it("checks the webhook on connecting and answers the portal's reason", async () => {
    const revoked = await call("POST", apiPaths.bitrix24, {
      quiz: quiz.id,
      webhook_url: portal.revokedUrl,
    });
    expect(revoked.statusCode).toBe(400);
    expect(revoked.json().webhook_url[0]).toContain("INVALID_CREDENTIALS");
    const malformed = await call("POST", apiPaths.bitrix24, {
      quiz: quiz.id,
      webhook_url: "https://example.com/",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().webhook_url[0]).toContain("inbound webhook");
    expect((await call("GET", apiPaths.bitrix24OfQuiz(quiz.id))).statusCode).toBe(404);
  });

  it("creates a lead per visitor lead with the fields Bitrix24 expects and keeps its id", async () => {
    const created = await call("POST", apiPaths.bitrix24, {
      quiz: quiz.id,
      webhook_url: portal.webhookUrl,
      responsible_id: 17,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ quiz: quiz.id, responsible_id: 17, is_enabled: true });
    expect(created.json().webhook_url).toBe(`****${portal.webhookUrl.slice(-4)}`);
    expect(
      (await call("POST", apiPaths.bitrix24, { quiz: quiz.id, webhook_url: portal.webhookUrl }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call("GET", apiPaths.bitrix24OfQuiz(quiz.id), undefined, stranger)).statusCode,
    ).toBe(404);

    const response = await harness.post(apiPaths.publicQuizLead(quiz.publicKey), houseLead());
    const leadId = (response.json() as { lead: number }).lead;
    await testDeliveryWorker(harness, { now: () => new Date() }).runOnce();
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
    const [row] = await harness.t.database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.leadId, leadId));
    expect(row).toMatchObject({ status: "delivered", remoteId: "3465" });
  });

  it("backs off while the portal is rate limited, then delivers", async () => {
    portal.limit(true);
    const response = await harness.post(apiPaths.publicQuizLead(quiz.publicKey), houseLead());
    const leadId = (response.json() as { lead: number }).lead;
    const clock = manualClock();
    const worker = testDeliveryWorker(harness, clock);
    await worker.runOnce();
    const [waiting] = await harness.t.database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.leadId, leadId));
    expect(waiting).toMatchObject({ status: "retrying", lastStatusCode: 503 });
    expect(waiting?.lastError).toContain("QUERY_LIMIT_EXCEEDED");
    portal.limit(false);
    clock.advance(60 * 60 * 1000);
    await worker.runOnce();
    const [done] = await harness.t.database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.leadId, leadId));
    expect(done?.status).toBe("delivered");
  });

  it("a test lead answers what the portal said; disconnecting leaves 404", async () => {
    const integration = (await call("GET", apiPaths.bitrix24OfQuiz(quiz.id))).json();
    const test = await call("POST", apiPaths.integrationTestLead(integration.id));
    expect(test.json()).toMatchObject({ ok: true, status_code: 200 });
    expect(portal.leads.at(-1)?.fields.NAME).toBe("Test");
    expect((await call("DELETE", apiPaths.bitrix24OfQuiz(quiz.id))).statusCode).toBe(204);
    expect((await call("GET", apiPaths.bitrix24OfQuiz(quiz.id))).statusCode).toBe(404);
  });
});
