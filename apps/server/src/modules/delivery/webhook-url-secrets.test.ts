import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import type { ApiKeyCreated, WebhookIntegration } from "@leadquiz/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { integrations } from "../../db/schema";
import { createSecretBox } from "../../lib/secret-box";
import { apiCall, expectCall, registerUser, type TestUser } from "../../test-support/api-client";
import { apiPaths } from "../../test-support/api-paths";
import { testDeliveryWorker, useReceivingHarness } from "../../test-support/delivery-fixtures";
import { houseLead } from "../../test-support/leads-fixtures";
import { createProject, createQuizIn } from "../../test-support/quiz-fixtures";
import { createTestApp, type TestAppWithDatabase } from "../../test-support/test-app";

/**
 * Webhook and REST hook URLs are secrets (docs/delivery.md "Credentials", docs/security.md):
 * they often carry a token (`?token=…`, a path segment, a host label). Every answer masks
 * them, the database holds them sealed with ENCRYPTION_KEY, rows stored plain before are
 * sealed at start, and no log line holds one.
 */

const setup = useReceivingHarness();
const token = () => `tok_${randomBytes(12).toString("hex")}`;
/** The receiver's address with a token in its path and query, as Make or n8n give them. */
const tokenUrl = (secret: string) => `${setup.receiver.url}/${secret}?token=${secret}`;

const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, body?: unknown) =>
  apiCall(setup.harness.t, method, url, { user: setup.quiz.owner, body });

async function storedRow(id: number) {
  const [row] = await setup.harness.t.database.db
    .select()
    .from(integrations)
    .where(eq(integrations.id, id));
  if (!row) throw new Error(`integration ${id} not stored`);
  return row;
}

/** Sends a lead and works the outbox once: answers the paths the receiver was called at. */
async function deliveredTo(): Promise<string[]> {
  setup.receiver.received.length = 0;
  const sent = await setup.harness.post(apiPaths.publicQuizLead(setup.quiz.publicKey), houseLead());
  expect(sent.statusCode).toBe(201);
  await testDeliveryWorker(setup.harness, { now: () => new Date() }).runOnce();
  return setup.receiver.received.map((hit) => hit.url);
}

describe("webhook URLs", () => {
  it("are masked in every answer and sealed at rest; edits without a URL keep the stored one", async () => {
    const first = token();
    const created = await expectCall<WebhookIntegration>(
      setup.harness.t,
      201,
      "POST",
      apiPaths.webhookIntegrations,
      { user: setup.quiz.owner, body: { quiz: setup.quiz.id, url: tokenUrl(first) } },
    );
    // The scheme, the host and the last four characters: enough to tell hooks apart.
    expect(created.url).toBe(`http://127.0.0.1/****${first.slice(-4)}`);
    const answers = [
      created,
      await call("GET", apiPaths.webhookIntegrationsOfQuiz(setup.quiz.id)),
      await call("PATCH", apiPaths.webhookIntegrationById(created.id), { is_enabled: false }),
      await call("PATCH", apiPaths.webhookIntegrationById(created.id), { is_enabled: true }),
      await call("PATCH", apiPaths.webhookIntegrationById(created.id), {}),
      await call("POST", apiPaths.webhookIntegrationsSetEnabled(setup.quiz.id), {
        is_enabled: true,
      }),
      await call("POST", apiPaths.webhookIntegrationRotateSecret(created.id)),
      await call("POST", apiPaths.integrationTestLead(created.id)),
      await call("GET", apiPaths.quizDeliveries(setup.quiz.id)),
    ];
    for (const answer of answers) {
      const text = JSON.stringify("body" in answer ? answer.json() : answer);
      expect(text).not.toContain(first);
      expect(text).not.toContain("/hooks/leads");
    }
    const row = await storedRow(created.id);
    expect(row.settings).not.toHaveProperty("url");
    expect(JSON.stringify(row)).not.toContain(first);
    const box = createSecretBox(setup.harness.t.config.encryptionKey ?? "");
    expect(JSON.parse(box.open(row.secrets)).url).toBe(tokenUrl(first));

    // The edits above (switching, rotating) kept the full URL: deliveries still reach it.
    const path = `/hooks/leads/${first}?token=${first}`;
    expect(setup.receiver.received.map((hit) => hit.url)).toEqual([path]); // the test lead
    expect(await deliveredTo()).toEqual([path]);

    // A new URL replaces it, sealed too.
    const second = token();
    const changed = await call("PATCH", apiPaths.webhookIntegrationById(created.id), {
      url: tokenUrl(second),
    });
    expect(changed.json().url).toBe(`http://127.0.0.1/****${second.slice(-4)}`);
    expect(JSON.stringify(await storedRow(created.id))).not.toContain(second);
    expect(await deliveredTo()).toEqual([`/hooks/leads/${second}?token=${second}`]);
    await call("DELETE", apiPaths.webhookIntegrationById(created.id));
  });

  it("stored plain before are read as they are, then sealed at start, once", async () => {
    const secret = token();
    const box = createSecretBox(setup.harness.t.config.encryptionKey ?? "");
    const db = setup.harness.t.database.db;
    // A webhook and a REST hook as the previous release stored them.
    const [webhook, hook] = await db
      .insert(integrations)
      .values([
        {
          quizId: setup.quiz.id,
          userId: setup.quiz.owner.id,
          type: "webhook",
          settings: { url: tokenUrl(secret) },
          secrets: box.seal(JSON.stringify({ secret: "whsec_old" })),
        },
        {
          quizId: setup.quiz.id,
          userId: setup.quiz.owner.id,
          type: "hook",
          settings: { url: tokenUrl(secret), event: "lead.created", api_key_id: "0" },
          secrets: box.seal(JSON.stringify({ secret: "whsec_old_hook" })),
        },
      ])
      .returning();
    if (!webhook || !hook) throw new Error("rows not stored");
    const listed = await call("GET", apiPaths.webhookIntegrationsOfQuiz(setup.quiz.id));
    expect(listed.json()).toEqual([
      expect.objectContaining({ id: webhook.id, url: `http://127.0.0.1/****${secret.slice(-4)}` }),
    ]);
    const path = `/hooks/leads/${secret}?token=${secret}`;
    expect(await deliveredTo()).toEqual([path, path]);

    // The next start seals them (twice: the second start finds nothing left to do).
    for (let start = 0; start < 2; start += 1) {
      const restarted = await buildApp(setup.harness.t.config, {
        database: setup.harness.t.database,
      });
      await restarted.ready();
      await restarted.close();
      for (const id of [webhook.id, hook.id]) {
        const row = await storedRow(id);
        expect(row.settings).not.toHaveProperty("url");
        expect(JSON.stringify(row)).not.toContain(secret);
        expect(JSON.parse(box.open(row.secrets))).toMatchObject({ url: tokenUrl(secret) });
      }
    }
    expect((await storedRow(hook.id)).settings).toEqual({
      event: "lead.created",
      api_key_id: "0",
    });
    expect(JSON.parse(box.open((await storedRow(webhook.id)).secrets)).secret).toBe("whsec_old");
    expect(await deliveredTo()).toEqual([path, path]);
    for (const id of [webhook.id, hook.id]) {
      await db.delete(integrations).where(eq(integrations.id, id));
    }
  });

  it("of REST hooks are sealed at rest too, and delivered to in full", async () => {
    const { key } = await expectCall<ApiKeyCreated>(
      setup.harness.t,
      201,
      "POST",
      apiPaths.apiKeys,
      {
        user: setup.quiz.owner,
        body: { name: "Make" },
      },
    );
    const secret = token();
    const hook = await expectCall<{ id: number }>(setup.harness.t, 201, "POST", apiPaths.hooks, {
      user: { ...setup.quiz.owner, token: key },
      body: { target_url: tokenUrl(secret), event: "lead.created", quiz: setup.quiz.id },
    });
    const row = await storedRow(hook.id);
    expect(row.settings).not.toHaveProperty("url");
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(await deliveredTo()).toEqual([`/hooks/leads/${secret}?token=${secret}`]);
    await apiCall(setup.harness.t, "DELETE", apiPaths.hookById(hook.id), {
      user: { ...setup.quiz.owner, token: key },
    });
  });
});

describe("webhook URLs in the log", () => {
  const lines: string[] = [];
  let t: TestAppWithDatabase;
  let owner: TestUser;
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString("utf8"));
        done();
      },
    });
    t = await createTestApp(
      { LOG_LEVEL: "debug", INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: "true" },
      { database: true, logStream },
    );
    owner = await registerUser(t);
  });
  afterAll(async () => t?.close());

  it("never appear, whether the target answers, fails or cannot be reached", async () => {
    const quizId = await createQuizIn(t, owner, await createProject(t, owner));
    const secret = token();
    const as = { user: owner };
    const created = await expectCall<WebhookIntegration>(t, 201, "POST", "/webhook-integration/", {
      ...as,
      body: { quiz: quizId, url: tokenUrl(secret) },
    });
    for (const status of [200, 500]) {
      setup.receiver.answer(status);
      await expectCall(t, 200, "POST", apiPaths.integrationTestLead(created.id), as);
    }
    // Nothing listens on port 9: a network error.
    await expectCall(t, 200, "PATCH", apiPaths.webhookIntegrationById(created.id), {
      ...as,
      body: { url: `http://127.0.0.1:9/${secret}?token=${secret}` },
    });
    await expectCall(t, 200, "POST", apiPaths.integrationTestLead(created.id), as);
    await expectCall(t, 204, "DELETE", apiPaths.webhookIntegrationById(created.id), as);
    const log = lines.join("");
    expect(log).toContain("/webhook-integration/");
    expect(log).not.toContain(secret);
  });
});
