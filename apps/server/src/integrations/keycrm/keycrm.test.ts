import { apiPaths } from "@leadquiz/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveries } from "../../db/schema";
import { apiCall, registerUser, type TestUser } from "../../test-support/api-client";
import { manualClock, testDeliveryWorker } from "../../test-support/delivery-fixtures";
import { type FakeKeycrm, startFakeKeycrm } from "../../test-support/fake-keycrm";
import {
  createLeadsHarness,
  houseLead,
  type LeadsHarness,
  type PublishedQuiz,
} from "../../test-support/leads-fixtures";

let harness: LeadsHarness;
let keycrm: FakeKeycrm;
let quiz: PublishedQuiz;
let stranger: TestUser;

beforeAll(async () => {
  keycrm = await startFakeKeycrm();
  harness = await createLeadsHarness({
    JOBS_IN_PROCESS: "false",
    INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: "true",
    KEYCRM_API_URL: keycrm.url,
  });
  quiz = await harness.publishedQuiz();
  stranger = await registerUser(harness.t);
});
afterAll(async () => {
  await harness.close();
  await keycrm.close();
});

const call = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  body?: unknown,
  user = quiz.owner,
) => apiCall(harness.t, method, url, { user, body, language: "en" });

async function deliveryOf(leadId: number) {
  const [row] = await harness.t.database.db
    .select()
    .from(deliveries)
    .where(eq(deliveries.leadId, leadId));
  return row;
}

describe("KeyCRM", () => {
  it("checks the API key on connecting and answers KeyCRM's reason", async () => {
    const wrong = await call("POST", apiPaths.keycrm, { quiz: quiz.id, api_token: "nope" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().api_token[0]).toContain("HTTP 401");
    expect((await call("POST", apiPaths.keycrm, { quiz: quiz.id, api_token: "" })).statusCode).toBe(
      400,
    );
    expect((await call("GET", apiPaths.keycrmOfQuiz(quiz.id))).statusCode).toBe(404);
  });

  it("creates a pipeline card per lead with the contact, UTM and source, and keeps its id", async () => {
    const created = await call("POST", apiPaths.keycrm, {
      quiz: quiz.id,
      api_token: keycrm.token,
      source_id: 4,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ quiz: quiz.id, source_id: 4, api_token: "****1234" });
    expect(
      (await call("GET", apiPaths.keycrmOfQuiz(quiz.id), undefined, stranger)).statusCode,
    ).toBe(404);
    expect(
      (await call("PATCH", apiPaths.keycrmOfQuiz(quiz.id), { source_id: 5 }, stranger)).statusCode,
    ).toBe(404);

    const response = await harness.post(apiPaths.publicQuizLead(quiz.publicKey), houseLead());
    const leadId = (response.json() as { lead: number }).lead;
    await testDeliveryWorker(harness, { now: () => new Date() }).runOnce();
    expect(keycrm.problems).toEqual([]);
    expect(keycrm.cards[0]).toMatchObject({
      title: "Renovation — Olena",
      source_id: 4,
      contact: { full_name: "Olena", email: "olena@example.com", phone: "+380501234567" },
      utm_source: "google",
      utm_campaign: "spring",
    });
    expect(String(keycrm.cards[0]?.manager_comment)).toContain("Answers:");
    expect(await deliveryOf(leadId)).toMatchObject({ status: "delivered", remoteId: "501" });
  });

  it("retries while rate limited and stops on a refused key", async () => {
    keycrm.limit(true);
    const limited = await harness.post(apiPaths.publicQuizLead(quiz.publicKey), houseLead());
    const limitedId = (limited.json() as { lead: number }).lead;
    const clock = manualClock();
    const worker = testDeliveryWorker(harness, clock);
    await worker.runOnce();
    expect(await deliveryOf(limitedId)).toMatchObject({ status: "retrying", lastStatusCode: 429 });
    keycrm.limit(false);
    clock.advance(60 * 60 * 1000);
    await worker.runOnce();
    expect((await deliveryOf(limitedId))?.status).toBe("delivered");

    const test = await call(
      "POST",
      apiPaths.integrationTestLead((await call("GET", apiPaths.keycrmOfQuiz(quiz.id))).json().id),
    );
    expect(test.json()).toMatchObject({ ok: true, status_code: 201 });
    expect((await call("DELETE", apiPaths.keycrmOfQuiz(quiz.id))).statusCode).toBe(204);
    expect((await call("GET", apiPaths.keycrmOfQuiz(quiz.id))).statusCode).toBe(404);
  });
});
