import type { WebhookIntegration } from "@leadquiz/contract";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliveries, integrations, users } from "../../db/schema";
import { apiCall, expectCall, registerUser, type TestUser } from "../../test-support/api-client";
import { apiPaths } from "../../test-support/api-paths";
import { manualClock, testDeliveryWorker } from "../../test-support/delivery-fixtures";
import {
  createLeadsHarness,
  houseLead,
  type LeadsHarness,
  type PublishedQuiz,
} from "../../test-support/leads-fixtures";
import { parseMail } from "../../test-support/parse-mail";
import { type RunningSmtpPeer, startSmtpPeer } from "../../test-support/smtp-peer";
import { startWebhookReceiver, type WebhookReceiver } from "../../test-support/webhook-receiver";

let harness: LeadsHarness;
let receiver: WebhookReceiver;
let smtp: RunningSmtpPeer;
let quiz: PublishedQuiz;
let stranger: TestUser;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  receiver = await startWebhookReceiver();
  harness = await createLeadsHarness({
    JOBS_IN_PROCESS: "false",
    INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: "true",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Leadquiz <no-reply@leadquiz.test>",
  });
  quiz = await harness.publishedQuiz();
  stranger = await registerUser(harness.t);
});
afterAll(async () => {
  await harness.close();
  await receiver.close();
  await smtp.close();
});
beforeEach(() => {
  receiver.answer(200);
  receiver.received.length = 0;
});

const call = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  body?: unknown,
  user: TestUser = quiz.owner,
) => apiCall(harness.t, method, url, { user, body });

async function sendLeadAndWork() {
  const response = await harness.post(apiPaths.publicQuizLead(quiz.publicKey), houseLead());
  expect(response.statusCode).toBe(201);
  await testDeliveryWorker(harness, { now: () => new Date() }).runOnce();
  return (response.json() as { lead: number }).lead;
}

describe("webhook integrations", () => {
  it("connects a webhook, shows the secret once, masks it after and keeps other accounts out", async () => {
    const created = await expectCall<WebhookIntegration>(
      harness.t,
      201,
      "POST",
      apiPaths.webhookIntegrations,
      {
        user: quiz.owner,
        body: { quiz: quiz.id, url: receiver.url },
      },
    );
    expect(created).toMatchObject({
      quiz: quiz.id,
      // The URL is answered masked, like a secret (webhook-url-secrets.test.ts).
      url: "http://127.0.0.1/****eads",
      is_enabled: true,
      last_delivery: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{20,}$/);

    const listed = (
      await call("GET", apiPaths.webhookIntegrationsOfQuiz(quiz.id))
    ).json() as WebhookIntegration[];
    expect(listed.map((w) => w.secret)).toEqual([`****${created.secret.slice(-4)}`]);
    const [stored] = await harness.t.database.db
      .select()
      .from(integrations)
      .where(eq(integrations.id, created.id));
    expect(stored?.secrets).not.toContain(created.secret.slice(6));

    for (const [method, url, body] of [
      ["GET", apiPaths.webhookIntegrationsOfQuiz(quiz.id)],
      ["PATCH", apiPaths.webhookIntegrationById(created.id), { is_enabled: false }],
      ["POST", apiPaths.webhookIntegrationRotateSecret(created.id)],
      ["POST", apiPaths.integrationTestLead(created.id)],
      ["DELETE", apiPaths.webhookIntegrationById(created.id)],
      ["GET", apiPaths.quizDeliveries(quiz.id)],
      ["POST", apiPaths.webhookIntegrations, { quiz: quiz.id, url: receiver.url }],
    ] as const) {
      expect((await call(method, url, body, stranger)).statusCode, `${method} ${url}`).toBe(404);
    }

    const test = await call("POST", apiPaths.integrationTestLead(created.id));
    expect(test.json()).toMatchObject({ ok: true, status_code: 200, error: null });
    const [hit] = receiver.received;
    const signed = new Webhook(created.secret).verify(hit?.body ?? "", {
      "webhook-id": String(hit?.headers["webhook-id"]),
      "webhook-timestamp": String(hit?.headers["webhook-timestamp"]),
      "webhook-signature": String(hit?.headers["webhook-signature"]),
    });
    expect(signed).toMatchObject({
      type: "lead.created",
      version: 1,
      data: { lead: { name: "Test Lead" } },
    });

    receiver.answer(500);
    const failing = await call("POST", apiPaths.integrationTestLead(created.id));
    expect(failing.json()).toMatchObject({ ok: false, status_code: 500 });
    expect(failing.json().error).toContain("HTTP 500");

    expect((await call("DELETE", apiPaths.webhookIntegrationById(created.id))).statusCode).toBe(
      204,
    );
    expect((await call("GET", apiPaths.webhookIntegrationsOfQuiz(quiz.id))).json()).toEqual([]);
  });

  it("rotates the secret: for a day deliveries verify with the old secret and the new one", async () => {
    const created = (
      await call("POST", apiPaths.webhookIntegrations, { quiz: quiz.id, url: receiver.url })
    ).json() as WebhookIntegration;
    const rotated = (
      await call("POST", apiPaths.webhookIntegrationRotateSecret(created.id))
    ).json() as WebhookIntegration;
    expect(rotated.secret).not.toBe(created.secret);
    await sendLeadAndWork();
    const hit = receiver.received.find((r) => JSON.parse(r.body).data.lead.quiz.id === quiz.id);
    const headers = {
      "webhook-id": String(hit?.headers["webhook-id"]),
      "webhook-timestamp": String(hit?.headers["webhook-timestamp"]),
      "webhook-signature": String(hit?.headers["webhook-signature"]),
    };
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    for (const secret of [created.secret, rotated.secret]) {
      expect(() => new Webhook(secret).verify(hit?.body ?? "", headers)).not.toThrow();
    }
    await call("DELETE", apiPaths.webhookIntegrationById(created.id));
  });

  it("answers bad input with translated 400s and changes nothing", async () => {
    const before = (await call("GET", apiPaths.webhookIntegrationsOfQuiz(quiz.id))).json();
    const bad = await apiCall(harness.t, "POST", apiPaths.webhookIntegrations, {
      user: quiz.owner,
      body: { quiz: quiz.id, url: "not an address" },
      language: "uk",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().url).toEqual(["Введіть повну адресу, що починається з https://"]);
    for (const body of [
      { quiz: 99_999_999_999, url: receiver.url },
      { quiz: quiz.id, url: `https://example.com/${"a".repeat(3000)}` },
      { quiz: quiz.id },
      { quiz: "x", url: receiver.url },
    ]) {
      expect((await call("POST", apiPaths.webhookIntegrations, body)).statusCode).toBe(400);
    }
    expect(
      (await call("POST", apiPaths.emailIntegrationCreate, { quiz: quiz.id, email: "nope" }))
        .statusCode,
    ).toBe(400);
    // An API key travels in an HTTP header: one it cannot carry is refused, not sent.
    const badKey = await call("POST", apiPaths.keycrm, {
      quiz: quiz.id,
      api_token: "Ā-key",
    });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().api_token).toEqual(["The text contains characters that are not allowed"]);
    expect((await call("GET", `${apiPaths.quizDeliveries(quiz.id)}?status=lost`)).statusCode).toBe(
      400,
    );
    expect((await call("GET", `${apiPaths.quizDeliveries(quiz.id)}?cursor=abc`)).statusCode).toBe(
      400,
    );
    expect((await call("GET", apiPaths.webhookIntegrationsOfQuiz(quiz.id))).json()).toEqual(before);
  });

  it("switches a quiz's webhooks off and on: switched off, a lead enqueues nothing for them", async () => {
    const created = (
      await call("POST", apiPaths.webhookIntegrations, { quiz: quiz.id, url: receiver.url })
    ).json() as WebhookIntegration;
    // A PATCH with nothing in it changes nothing and answers the record.
    const unchanged = await call("PATCH", apiPaths.webhookIntegrationById(created.id), {});
    expect(unchanged.json()).toMatchObject({ id: created.id, url: created.url });
    const off = await call("POST", apiPaths.webhookIntegrationsSetEnabled(quiz.id), {
      is_enabled: false,
    });
    expect(off.json()).toEqual([expect.objectContaining({ id: created.id, is_enabled: false })]);
    const lead = await sendLeadAndWork();
    const rows = await harness.t.database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.leadId, lead));
    expect(rows).toHaveLength(0);
    await call("POST", apiPaths.webhookIntegrationsSetEnabled(quiz.id), { is_enabled: true });
    await call("DELETE", apiPaths.webhookIntegrationById(created.id));
  });
});

describe("the delivery log", () => {
  it("lists deliveries with their outcome, filters them, and sends one again", async () => {
    const created = (
      await call("POST", apiPaths.webhookIntegrations, { quiz: quiz.id, url: receiver.url })
    ).json() as WebhookIntegration;
    receiver.answer(400);
    const lead = await sendLeadAndWork();
    const page = (await call("GET", apiPaths.quizDeliveries(quiz.id))).json();
    const mine = page.results.find((d: { lead: number }) => d.lead === lead);
    expect(mine).toMatchObject({
      integration: created.id,
      target: "webhook",
      status: "failed",
      attempts: 1,
      last_status_code: 400,
      next_attempt_at: null,
    });
    const failed = (await call("GET", `${apiPaths.quizDeliveries(quiz.id)}?status=failed`)).json();
    expect(failed.results.every((d: { status: string }) => d.status === "failed")).toBe(true);
    const delivered = (
      await call(
        "GET",
        `${apiPaths.quizDeliveries(quiz.id)}?status=delivered&integration=${created.id}`,
      )
    ).json();
    expect(delivered).toMatchObject({ count: 0, results: [] });

    const listed = (
      await call("GET", apiPaths.webhookIntegrationsOfQuiz(quiz.id))
    ).json() as WebhookIntegration[];
    expect(listed.find((w) => w.id === created.id)?.last_delivery).toMatchObject({
      status: "failed",
    });

    expect(
      (await call("POST", apiPaths.deliveryRetry(mine.id), undefined, stranger)).statusCode,
    ).toBe(404);
    receiver.answer(200);
    const retried = await call("POST", apiPaths.deliveryRetry(mine.id));
    expect(retried.json()).toMatchObject({ id: mine.id, status: "pending", attempts: 0 });
    await testDeliveryWorker(harness, manualClock(new Date(Date.now() + 1000))).runOnce();
    const after = (
      await call("GET", `${apiPaths.quizDeliveries(quiz.id)}?integration=${created.id}`)
    ).json();
    expect(after.results[0]).toMatchObject({
      id: mine.id,
      status: "delivered",
      last_status_code: 200,
    });
    // The same webhook-id both times: a receiver that already had it would drop the resend.
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(1);
    await call("DELETE", apiPaths.webhookIntegrationById(created.id));
  });

  it("pages with a cursor", async () => {
    const created = (
      await call("POST", apiPaths.webhookIntegrations, { quiz: quiz.id, url: receiver.url })
    ).json() as WebhookIntegration;
    for (let i = 0; i < 3; i += 1) await sendLeadAndWork();
    const url = `${apiPaths.quizDeliveries(quiz.id)}?integration=${created.id}&limit=2`;
    const first = (await call("GET", url)).json();
    expect(first.count).toBe(3);
    expect(first.results).toHaveLength(2);
    const second = (await call("GET", `${url}&cursor=${first.next}`)).json();
    expect(second.results).toHaveLength(1);
    expect(second.next).toBeNull();
    await call("DELETE", apiPaths.webhookIntegrationById(created.id));
  });
});

describe("e-mail integrations", () => {
  it("e-mails each lead in the owner's language, with answers, contacts, UTM and reply-to the visitor", async () => {
    await harness.t.database.db
      .update(users)
      .set({ languageCode: "uk" })
      .where(eq(users.id, quiz.owner.id));
    const created = await call("POST", apiPaths.emailIntegrationCreate, {
      quiz: quiz.id,
      email: "Sales@Example.com",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      quiz: quiz.id,
      email: "sales@example.com",
      is_enabled: true,
    });
    const list = (await call("GET", apiPaths.emailIntegrationList(quiz.id))).json();
    expect(list).toHaveLength(1);
    expect(
      (await call("GET", apiPaths.emailIntegrationList(quiz.id), undefined, stranger)).statusCode,
    ).toBe(404);

    const response = await harness.post(
      apiPaths.publicQuizLead(quiz.publicKey),
      houseLead({
        contacts: {
          name: "Олена <b>x</b>",
          email: "olena@example.com",
          phone: "+380501234567",
          other: "",
          other2: "",
          messengers: {},
        },
      }),
    );
    expect(response.statusCode).toBe(201);
    await testDeliveryWorker(harness, { now: () => new Date() }).runOnce();
    const mail = await smtp.next({ to: "sales@example.com" });
    const parsed = parseMail(mail.raw);
    expect(parsed.subject).toBe("Нова заявка: Renovation — Олена <b>x</b>");
    expect(parsed.headers["reply-to"]).toContain("olena@example.com");
    expect(parsed.text).toContain("Відповіді");
    expect(parsed.text).toContain("utm_source: google");
    expect(parsed.html).toContain("Олена &lt;b&gt;x&lt;/b&gt;");
    expect(parsed.html).not.toContain("<b>x</b>");
    expect(parsed.html).toContain('href="tel:+380501234567"');

    // Sent again (a retry, a resend from the log): the same Message-ID, made from the
    // delivery's id, so a mailbox that keeps one message per id shows the lead once.
    const messageId = parsed.headers["message-id"] ?? "";
    expect(messageId).toBe(`<lead.${parsed.headers["x-delivery-id"]}@leadquiz.test>`);
    const page = (
      await call("GET", `${apiPaths.quizDeliveries(quiz.id)}?integration=${created.json().id}`)
    ).json();
    expect(page.results).toHaveLength(1);
    await call("POST", apiPaths.deliveryRetry(page.results[0].id));
    await testDeliveryWorker(harness, manualClock(new Date(Date.now() + 1000))).runOnce();
    const again = parseMail((await smtp.next({ to: "sales@example.com" })).raw);
    expect(again.headers["message-id"]).toBe(messageId);

    const test = await call("POST", apiPaths.integrationTestLead(created.json().id));
    expect(test.json()).toMatchObject({ ok: true });
    const testMail = parseMail((await smtp.next({ to: "sales@example.com" })).raw);
    expect(testMail.text).toContain("Це тестова заявка");
    expect(testMail.headers["message-id"]).not.toBe(messageId);

    expect(
      (
        await call(
          "DELETE",
          apiPaths.emailIntegrationDelete(created.json().id),
          undefined,
          stranger,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await call("DELETE", apiPaths.emailIntegrationDelete(created.json().id))).statusCode,
    ).toBe(204);
  });
});
