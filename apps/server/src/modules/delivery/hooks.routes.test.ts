import { createHash } from "node:crypto";
import {
  API_KEY_NAME_MAX_LENGTH,
  API_KEYS_PER_ACCOUNT,
  type ApiKeyCreated,
  type Hook,
  type LeadListPage,
} from "@leadquiz/contract";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiKeys, integrations } from "../../db/schema";
import { FieldErrors } from "../../lib/app-error";
import { createSecretBox } from "../../lib/secret-box";
import { apiCall, expectCall, registerUser, type TestUser } from "../../test-support/api-client";
import { apiPaths } from "../../test-support/api-paths";
import { deliveryRows, testDeliveryWorker } from "../../test-support/delivery-fixtures";
import {
  createLeadsHarness,
  houseLead,
  type LeadsHarness,
  type PublishedQuiz,
} from "../../test-support/leads-fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "../../test-support/webhook-receiver";
import { createHooksService } from "./hooks.service";

let harness: LeadsHarness;
let receiver: WebhookReceiver;
let quiz: PublishedQuiz;
let other: PublishedQuiz;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  harness = await createLeadsHarness({
    JOBS_IN_PROCESS: "false",
    INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: "true",
  });
  quiz = await harness.publishedQuiz();
  other = await harness.publishedQuiz();
});
afterAll(async () => {
  await harness.close();
  await receiver.close();
});
beforeEach(() => {
  receiver.answer(200);
  receiver.received.length = 0;
});

/** A caller presenting an API key the way a platform does: `Authorization: Bearer lq_…`. */
const asKey = (key: string, owner: TestUser): TestUser => ({ ...owner, token: key });

async function newKey(owner: TestUser, name = "Zapier"): Promise<ApiKeyCreated> {
  return expectCall<ApiKeyCreated>(harness.t, 201, "POST", apiPaths.apiKeys, {
    user: owner,
    body: { name },
  });
}

async function subscribe(key: TestUser, body: Record<string, unknown>): Promise<Hook> {
  return expectCall<Hook>(harness.t, 201, "POST", apiPaths.hooks, { user: key, body });
}

async function sendLeadAndWork(to: PublishedQuiz = quiz) {
  const response = await harness.post(apiPaths.publicQuizLead(to.publicKey), houseLead());
  expect(response.statusCode).toBe(201);
  await testDeliveryWorker(harness, { now: () => new Date() }).runOnce();
  return (response.json() as { lead: number }).lead;
}

function verified(secret: string, index = 0) {
  const hit = receiver.received[index];
  return new Webhook(secret).verify(hit?.body ?? "", {
    "webhook-id": String(hit?.headers["webhook-id"]),
    "webhook-timestamp": String(hit?.headers["webhook-timestamp"]),
    "webhook-signature": String(hit?.headers["webhook-signature"]),
  }) as { type: string; data: { lead: { id: number; quiz: { id: number } } } };
}

describe("account API keys", () => {
  it("shows a key once, keeps only its hash, lists it by prefix and refuses it once revoked", async () => {
    const owner = await registerUser(harness.t);
    const created = await newKey(owner, "  Zapier  ");
    expect(created.key).toMatch(/^lq_[A-Za-z0-9_-]{40,}$/);
    expect(created).toMatchObject({ name: "Zapier", last_used_at: null });
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.prefix.length).toBeLessThan(created.key.length / 2);

    const [stored] = await harness.t.database.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.id, created.id));
    expect(stored?.keyHash).toBe(createHash("sha256").update(created.key).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(created.key);

    const listed = await expectCall<Record<string, unknown>[]>(
      harness.t,
      200,
      "GET",
      apiPaths.apiKeys,
      { user: owner },
    );
    expect(listed).toEqual([
      {
        id: created.id,
        name: "Zapier",
        prefix: created.prefix,
        created_at: created.created_at,
        last_used_at: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.key);

    const key = asKey(created.key, owner);
    expect((await apiCall(harness.t, "GET", apiPaths.hooksSample, { user: key })).statusCode).toBe(
      200,
    );
    const [used] = await expectCall<{ last_used_at: string | null }[]>(
      harness.t,
      200,
      "GET",
      apiPaths.apiKeys,
      { user: owner },
    );
    expect(used?.last_used_at).not.toBeNull();

    const stranger = await registerUser(harness.t);
    expect(
      (await apiCall(harness.t, "DELETE", apiPaths.apiKeyById(created.id), { user: stranger }))
        .statusCode,
    ).toBe(404);
    expect(
      (await apiCall(harness.t, "DELETE", apiPaths.apiKeyById(created.id), { user: owner }))
        .statusCode,
    ).toBe(204);
    const revoked = await apiCall(harness.t, "GET", apiPaths.hooksSample, { user: key });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().code).toBe("token_not_valid");
    const guessed = asKey(`lq_${"A".repeat(43)}`, owner);
    expect(
      (await apiCall(harness.t, "GET", apiPaths.hooksSample, { user: guessed })).statusCode,
    ).toBe(401);
    expect((await apiCall(harness.t, "GET", apiPaths.hooksSample)).json().code).toBe(
      "not_authenticated",
    );
  });

  it("checks the name and the number of keys, changing nothing when it refuses", async () => {
    const owner = await registerUser(harness.t);
    for (const name of ["", "   ", "x".repeat(API_KEY_NAME_MAX_LENGTH + 1)]) {
      const refused = await apiCall(harness.t, "POST", apiPaths.apiKeys, {
        user: owner,
        body: { name },
      });
      expect(refused.statusCode, name).toBe(400);
      expect(Object.keys(refused.json())).toEqual(["name"]);
    }
    for (let i = 0; i < API_KEYS_PER_ACCOUNT; i += 1) await newKey(owner, `key ${i}`);
    const tooMany = await apiCall(harness.t, "POST", apiPaths.apiKeys, {
      user: owner,
      body: { name: "one more" },
      language: "uk",
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().non_field_errors).toEqual([
      "У вас уже 20 API-ключів: відкличте один, щоб створити новий.",
    ]);
    const listed = await apiCall(harness.t, "GET", apiPaths.apiKeys, { user: owner });
    expect(listed.json()).toHaveLength(API_KEYS_PER_ACCOUNT);
  });

  it("accepts a key only on the hooks routes and an access token nowhere there", async () => {
    const created = await newKey(quiz.owner);
    const key = asKey(created.key, quiz.owner);
    for (const [method, url] of [
      ["GET", apiPaths.apiKeys],
      ["POST", apiPaths.apiKeys],
      ["DELETE", apiPaths.apiKeyById(created.id)],
      ["GET", "/project/"],
      ["GET", apiPaths.userinfo],
      ["GET", apiPaths.tariffInfo],
      ["POST", apiPaths.buyTariffFromBalance],
      ["GET", apiPaths.leadsList],
      ["GET", apiPaths.quizDeliveries(quiz.id)],
      ["GET", apiPaths.webhookIntegrationsOfQuiz(quiz.id)],
    ] as const) {
      const refused = await apiCall(harness.t, method, url, { user: key, body: { name: "x" } });
      expect(refused.statusCode, `${method} ${url}`).toBe(401);
    }
    const byToken = await apiCall(harness.t, "GET", apiPaths.hooksSample, { user: quiz.owner });
    expect(byToken.statusCode).toBe(401);
    expect(
      (
        await apiCall(harness.t, "POST", apiPaths.hooks, {
          user: quiz.owner,
          body: { target_url: receiver.url, event: "lead.created" },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe("REST hooks", () => {
  it("delivers every new lead of the account, signed, to a subscribed hook until it unsubscribes", async () => {
    const key = asKey((await newKey(quiz.owner)).key, quiz.owner);
    const hook = await subscribe(key, { target_url: receiver.url, event: "lead.created" });
    expect(hook).toMatchObject({ target_url: receiver.url, event: "lead.created", quiz: null });
    expect(hook.secret).toMatch(/^whsec_/);

    const leadId = await sendLeadAndWork();
    expect(receiver.received).toHaveLength(1);
    const body = verified(hook.secret);
    expect(body).toMatchObject({
      type: "lead.created",
      version: 1,
      data: { lead: { id: leadId } },
    });
    expect(body.data.lead.quiz.id).toBe(quiz.id);
    const rows = await deliveryRows(harness);
    expect(rows.find((r) => r.integrationId === hook.id)).toMatchObject({
      leadId,
      status: "delivered",
    });
    // The owner reads it in the quiz's delivery log like any other target.
    const log = await expectCall<{ results: Record<string, unknown>[] }>(
      harness.t,
      200,
      "GET",
      apiPaths.quizDeliveries(quiz.id),
      { user: quiz.owner },
    );
    expect(log.results).toContainEqual(
      expect.objectContaining({ integration: hook.id, target: "hook", status: "delivered" }),
    );

    // Another account's lead does not reach this account's hook.
    await sendLeadAndWork(other);
    expect(receiver.received).toHaveLength(1);

    const stranger = asKey((await newKey(other.owner)).key, other.owner);
    expect(
      (await apiCall(harness.t, "DELETE", apiPaths.hookById(hook.id), { user: stranger }))
        .statusCode,
    ).toBe(404);
    expect(
      (await apiCall(harness.t, "DELETE", apiPaths.hookById(hook.id), { user: key })).statusCode,
    ).toBe(204);
    await sendLeadAndWork();
    expect(receiver.received).toHaveLength(1);
  });

  it("subscribes to one quiz of the account only, and never to another account's", async () => {
    const key = asKey((await newKey(other.owner)).key, other.owner);
    const refused = await apiCall(harness.t, "POST", apiPaths.hooks, {
      user: key,
      body: { target_url: receiver.url, event: "lead.created", quiz: quiz.id },
    });
    expect(refused.statusCode).toBe(404);
    for (const body of [
      { target_url: "not a url", event: "lead.created" },
      { target_url: receiver.url, event: "lead.deleted" },
      { event: "lead.created" },
    ]) {
      expect(
        (await apiCall(harness.t, "POST", apiPaths.hooks, { user: key, body })).statusCode,
      ).toBe(400);
    }
    const hook = await subscribe(key, {
      target_url: receiver.url,
      event: "lead.created",
      quiz: other.id,
    });
    expect(hook.quiz).toBe(other.id);
    await sendLeadAndWork(other);
    expect(receiver.received).toHaveLength(1);
    expect(verified(hook.secret).data.lead.quiz.id).toBe(other.id);
    await apiCall(harness.t, "DELETE", apiPaths.hookById(hook.id), { user: key });
  });

  it("is unsubscribed when the target answers 410, and removed with the key it was made with", async () => {
    const created = await newKey(quiz.owner);
    const key = asKey(created.key, quiz.owner);
    const gone = await subscribe(key, { target_url: receiver.url, event: "lead.created" });
    receiver.answer(410);
    await sendLeadAndWork();
    expect(receiver.received).toHaveLength(1);
    const [row] = await harness.t.database.db
      .select()
      .from(integrations)
      .where(eq(integrations.id, gone.id));
    expect(row).toMatchObject({ isEnabled: false, disabledReason: "gone" });
    receiver.answer(200);
    await sendLeadAndWork();
    expect(receiver.received).toHaveLength(1);

    const kept = await subscribe(key, { target_url: receiver.url, event: "lead.created" });
    await apiCall(harness.t, "DELETE", apiPaths.apiKeyById(created.id), { user: quiz.owner });
    const left = await harness.t.database.db
      .select()
      .from(integrations)
      .where(eq(integrations.type, "hook"));
    expect(left.map((r) => r.id)).not.toContain(kept.id);
    await sendLeadAndWork();
    expect(receiver.received).toHaveLength(1);
  });

  it("answers the three newest leads in the delivery body, masked until opened, of the account or of one quiz", async () => {
    const owner = other.owner;
    const key = asKey((await newKey(owner)).key, owner);
    const ids: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await harness.post(apiPaths.publicQuizLead(other.publicKey), houseLead());
      ids.push((response.json() as { lead: number }).lead);
    }
    const requestsLeft = async () =>
      (await expectCall<LeadListPage>(harness.t, 200, "GET", apiPaths.leadsList, { user: owner }))
        .requests_left;
    const before = await requestsLeft();
    const sample = await expectCall<
      { id: string; type: string; data: { lead: Record<string, unknown> } }[]
    >(harness.t, 200, "GET", `${apiPaths.hooksSample}?quiz=${other.id}`, { user: key });
    expect(sample.map((s) => s.data.lead.id)).toEqual(ids.slice(1).reverse());
    // Not opened yet: masked exactly as the leads list masks it, and nothing is spent.
    expect(sample[0]).toMatchObject({
      id: `sample-${ids[3]}`,
      type: "lead.created",
      version: 1,
      data: {
        lead: {
          quiz: { id: other.id },
          name: "O***",
          email: "o***@example.com",
          phone: "+38 *** ** 67",
          messengers: { telegram: "+38 *** ** 67" },
          answers: [],
          results: [],
          extra: {},
          utm: {},
          page_url: "",
          referrer: "",
        },
      },
    });
    const listed = await expectCall<LeadListPage>(harness.t, 200, "GET", apiPaths.leadsList, {
      user: owner,
    });
    const row = listed.results.find((r) => r.id === ids[3]);
    expect(sample[0]?.data.lead).toMatchObject({
      name: row?.name,
      email: row?.email,
      phone: row?.phone,
      messengers: row?.messengers,
    });
    expect(listed.requests_left).toBe(before);
    // Opened (one request): the sample shows it whole, and reading it again costs nothing.
    await expectCall(harness.t, 200, "POST", apiPaths.leadOpen, {
      user: owner,
      body: { lead: ids[3] },
    });
    const opened = await expectCall<{ id: string; data: { lead: Record<string, unknown> } }[]>(
      harness.t,
      200,
      "GET",
      `${apiPaths.hooksSample}?quiz=${other.id}`,
      { user: key },
    );
    expect(opened[0]?.data.lead).toMatchObject({
      name: "Olena",
      email: "olena@example.com",
      answers: expect.arrayContaining([expect.objectContaining({ answer: expect.any(String) })]),
      utm: { utm_source: "google", utm_campaign: "spring" },
    });
    expect(opened[1]?.data.lead).toMatchObject({ name: "O***", answers: [] });
    expect(await requestsLeft()).toBe(before - 1);
    const all = await apiCall(harness.t, "GET", apiPaths.hooksSample, { user: key });
    expect(all.json()).toHaveLength(3);
    const foreign = await apiCall(harness.t, "GET", `${apiPaths.hooksSample}?quiz=${quiz.id}`, {
      user: key,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("refuses a target that is not https while private networks are not allowed", async () => {
    const hooks = createHooksService({
      db: harness.t.database.db,
      config: { integrationsAllowPrivateNetworks: false },
      box: createSecretBox(harness.t.config.encryptionKey ?? ""),
    });
    const refused = hooks.subscribe(quiz.owner.id, 1, {
      target_url: "http://hooks.example.com/catch",
      event: "lead.created",
    });
    await expect(refused).rejects.toBeInstanceOf(FieldErrors);
    await expect(refused).rejects.toMatchObject({ fields: { target_url: ["https_required"] } });
  });
});
