import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveries } from "../../db/schema";
import { createSecretBox } from "../../lib/secret-box";
import { integrationCredentials } from "../../modules/delivery/integration-secrets.repository";
import { createTelegramBot } from "../../modules/delivery/telegram-bot";
import { apiCall, registerUser, type TestUser } from "../../test-support/api-client";
import { apiPaths } from "../../test-support/api-paths";
import { testDeliveryWorker } from "../../test-support/delivery-fixtures";
import {
  type FakeTelegram,
  startFakeTelegram,
  telegramParsedText,
} from "../../test-support/fake-telegram";
import {
  createLeadsHarness,
  houseLead,
  type LeadsHarness,
  type PublishedQuiz,
} from "../../test-support/leads-fixtures";
import { createOutgoingHttp } from "../http/outgoing-http";
import type { DeliveryLead } from "../types";
import { createTelegramAdapter } from "./telegram.adapter";

let harness: LeadsHarness;
let telegram: FakeTelegram;
let quiz: PublishedQuiz;
let stranger: TestUser;

const http = createOutgoingHttp({ allowPrivateNetworks: true });
const OWNER_CHAT = 7001;

beforeAll(async () => {
  telegram = await startFakeTelegram();
  harness = await createLeadsHarness({
    JOBS_IN_PROCESS: "false",
    INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: "true",
    TELEGRAM_BOT_TOKEN: telegram.token,
    TELEGRAM_API_URL: telegram.url,
  });
  quiz = await harness.publishedQuiz();
  stranger = await registerUser(harness.t);
});
afterAll(async () => {
  await harness.close();
  await telegram.close();
});

const call = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  body?: unknown,
  user = quiz.owner,
) => apiCall(harness.t, method, url, { user, body, language: "en" });

/** The bot as the server runs it, polling the fake (one round per pollOnce). */
function pollingBot(publicUrl = "http://localhost:3000") {
  return createTelegramBot({
    db: harness.t.database.db,
    http,
    bot: { botToken: telegram.token, apiUrl: telegram.url },
    log: pino({ level: "silent" }),
    publicUrl,
    encryptionKey: harness.t.config.encryptionKey ?? "",
    pollSeconds: 0,
  });
}

async function startCode(): Promise<string> {
  const response = await call("GET", apiPaths.telegramIntegrationOfQuiz(quiz.id));
  expect(response.statusCode).toBe(404);
  const url = new URL(response.json().connect_url as string);
  expect(`${url.origin}${url.pathname}`).toBe(`https://t.me/${telegram.username}`);
  const code = url.searchParams.get("start") ?? "";
  expect(code).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  return code;
}

const lastReply = () => telegram.messages.at(-1);

describe("Telegram: connecting through the bot", () => {
  it("gives a one-time start link, refuses to connect before Start, hides it from others", async () => {
    const code = await startCode();
    const early = await call("POST", apiPaths.telegramIntegration, { quiz: quiz.id });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: "telegram_not_authorised" });
    expect(early.json().detail).toContain("not authorised in our bot");

    const foreign = await call(
      "GET",
      apiPaths.telegramIntegrationOfQuiz(quiz.id),
      undefined,
      stranger,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().connect_url).toBeUndefined();
    expect(
      (await call("POST", apiPaths.telegramIntegration, { quiz: quiz.id }, stranger)).statusCode,
    ).toBe(404);
    expect(code).not.toBe(await startCode());
  });

  it("binds the chat on /start <code>, confirms in the bot and connects once", async () => {
    const code = await startCode();
    const bot = pollingBot();
    telegram.press(OWNER_CHAT, `/start ${code}`);
    expect(await bot.pollOnce()).toBe(1);
    expect(lastReply()).toMatchObject({ chat_id: OWNER_CHAT });
    expect(lastReply()?.text).toContain("Renovation");
    expect(lastReply()?.text).toContain("Done!");

    // The same code pressed again (another chat) is refused: the first chat stays bound.
    telegram.press(OWNER_CHAT + 1, `/start ${code}`);
    telegram.press(OWNER_CHAT + 2, "/start not-a-code-of-ours");
    expect(await bot.pollOnce()).toBe(2);
    expect(telegram.messages.slice(-2).map((m) => m.text)).toEqual([
      expect.stringContaining("not valid any more"),
      expect.stringContaining("not valid any more"),
    ]);
    // Handled updates are not fetched again (the offset moved on).
    expect(await bot.pollOnce()).toBe(0);
    await bot.stop();

    const created = await call("POST", apiPaths.telegramIntegration, { quiz: quiz.id });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      quiz: quiz.id,
      chat_id: String(OWNER_CHAT),
      is_enabled: true,
      last_delivery: null,
    });
    expect((await call("POST", apiPaths.telegramIntegration, { quiz: quiz.id })).statusCode).toBe(
      400,
    );
    const read = await call("GET", apiPaths.telegramIntegrationOfQuiz(quiz.id));
    expect(read.json()).toMatchObject({ chat_id: String(OWNER_CHAT) });
    expect(
      (await call("GET", apiPaths.telegramIntegrationOfQuiz(quiz.id), undefined, stranger))
        .statusCode,
    ).toBe(404);
    expect(telegram.problems).toEqual([]);
  });

  it("sends each lead to the bound chat as escaped HTML and keeps the message id", async () => {
    const response = await harness.post(
      apiPaths.publicQuizLead(quiz.publicKey),
      houseLead({ extra: { client_id: "<script>&" } }),
    );
    const leadId = (response.json() as { lead: number }).lead;
    const before = telegram.messages.length;
    await testDeliveryWorker(harness, { now: () => new Date() }).runOnce();
    const sent = telegram.messages.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ chat_id: String(OWNER_CHAT), parse_mode: "HTML" });
    expect(sent[0]?.text).toContain("client_id: &lt;script&gt;&amp;");
    expect(sent[0]?.text).toContain("Name: Olena");
    expect(sent[0]?.text).toContain("utm_source: google");
    expect(sent[0]?.text).toContain("<b>Answers</b>");
    const [row] = await harness.t.database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.leadId, leadId));
    expect(row).toMatchObject({ status: "delivered" });
    expect(row?.remoteId).toMatch(/^\d+$/);
    expect(telegram.problems).toEqual([]);

    const id = (await call("GET", apiPaths.telegramIntegrationOfQuiz(quiz.id))).json().id;
    expect((await call("POST", apiPaths.integrationTestLead(id))).json()).toMatchObject({
      ok: true,
      status_code: 200,
    });
    expect(lastReply()?.text).toContain("test lead");
  });

  it("switches off, disconnects, and a used binding cannot connect again", async () => {
    const off = await call("PATCH", apiPaths.telegramIntegrationOfQuiz(quiz.id), {
      is_enabled: false,
    });
    expect(off.json()).toMatchObject({ is_enabled: false });
    expect(
      (await call("DELETE", apiPaths.telegramIntegrationOfQuiz(quiz.id), undefined, stranger))
        .statusCode,
    ).toBe(404);
    expect((await call("DELETE", apiPaths.telegramIntegrationOfQuiz(quiz.id))).statusCode).toBe(
      204,
    );
    const again = await call("POST", apiPaths.telegramIntegration, { quiz: quiz.id });
    expect(again.json()).toMatchObject({ code: "telegram_not_authorised" });
  });

  it("lets one process poll at a time", async () => {
    const first = pollingBot();
    const second = pollingBot();
    telegram.press(OWNER_CHAT, "hello");
    expect(await first.pollOnce()).toBe(1);
    telegram.press(OWNER_CHAT, "hello again");
    expect(await second.pollOnce()).toBe(0);
    expect(await first.pollOnce()).toBe(1);
  });

  it("in webhook mode sets the webhook with a secret token and checks it on updates", async () => {
    const bot = pollingBot("https://quiz.example.com");
    bot.start();
    await expect.poll(() => telegram.webhook()).not.toBeNull();
    expect(telegram.webhook()).toMatchObject({
      url: "https://quiz.example.com/api/v1/telegram/webhook/",
      secret_token: bot.secretToken,
      allowed_updates: ["message"],
    });
    await bot.stop();
    const update = { update_id: 1, message: { message_id: 1, text: "/start x", chat: { id: 1 } } };
    const post = (headers: Record<string, string>) =>
      harness.t.app.inject({
        method: "POST",
        url: `/api/v1${apiPaths.telegramWebhook}`,
        headers: { "content-type": "application/json", ...headers },
        payload: JSON.stringify(update),
      });
    expect((await post({})).statusCode).toBe(401);
    expect((await post({ "x-telegram-bot-api-secret-token": "wrong" })).statusCode).toBe(401);
    telegram.press(1, "");
    const accepted = await post({ "x-telegram-bot-api-secret-token": bot.secretToken });
    expect(accepted.statusCode).toBe(200);
    expect(lastReply()).toMatchObject({ chat_id: 1 });
  });
});

function bigLead(): DeliveryLead {
  return {
    id: 9,
    created_at: "2026-11-24T10:00:00.000Z",
    quiz: { id: 1, title: "Kitchen <b>" },
    name: "Ivan & Co",
    email: "ivan@example.com",
    phone: "+380 50 000 0000",
    messengers: {},
    other: "",
    other2: "",
    answers: [
      { question: "Wishes", answer: "<&>".repeat(3000) },
      { question: "Budget", answer: "5000" },
    ],
    results: [{ title: "Price", value: 100, unit: "USD" }],
    extra: {},
    utm: {},
    page_url: "https://example.com/?a=1&b=2",
    referrer: "",
  };
}

describe("Telegram adapter against the fake Bot API", () => {
  const adapter = () =>
    createTelegramAdapter(http, { botToken: telegram.token, apiUrl: telegram.url });
  const send = (chatId: number) =>
    adapter().send({
      eventId: "e",
      lead: bigLead(),
      settings: { chat_id: String(chatId) },
      secrets: {},
      language: "uk",
      now: new Date(),
      test: false,
      mayHaveLanded: false,
    });

  it("splits a long lead into as few messages as Telegram's 4096 visible characters allow, in the owner's language", async () => {
    telegram.press(8001, "/start");
    const before = telegram.messages.length;
    expect((await send(8001)).kind).toBe("delivered");
    const sent = telegram.messages.slice(before);
    const visible = sent.map((m) => telegramParsedText(m.text));
    // 9,000 visible characters of the answer ("<&>" three times a thousand, escaped to five
    // times that) and the rest of the lead: three messages, not the seven the escaped HTML
    // would count.
    expect(sent).toHaveLength(3);
    for (const text of visible) expect(text.length).toBeLessThanOrEqual(4096);
    expect(visible.join("\n")).toContain("<&>".repeat(3000).slice(0, 4000));
    expect(sent[0]?.text).toContain("Kitchen &lt;b&gt;");
    expect(sent[0]?.text).toContain("Відповіді");
    expect(sent.at(-1)?.text).toContain("Заявка № 9");
    expect(telegram.problems).toEqual([]);
  });

  it("counts UTF-16 code units and never cuts a character outside the BMP in two", async () => {
    const lead = { ...bigLead(), answers: [{ question: "Mood", answer: "😀".repeat(3000) }] };
    const before = telegram.messages.length;
    const outcome = await adapter().send({
      eventId: "emoji",
      lead,
      settings: { chat_id: "8001" },
      secrets: {},
      language: "en",
      now: new Date(),
      test: false,
      mayHaveLanded: false,
    });
    expect(outcome.kind).toBe("delivered");
    const visible = telegram.messages.slice(before).map((m) => telegramParsedText(m.text));
    expect(visible).toHaveLength(2);
    for (const text of visible) {
      expect(text.length).toBeLessThanOrEqual(4096);
      // No half of a surrogate pair left alone at a cut.
      expect(text).not.toMatch(
        /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
      );
    }
    expect(telegram.problems).toEqual([]);
  });

  it("maps the Bot API's errors: 429 waits retry_after, 403 and 400 fail at once", async () => {
    telegram.limit(7);
    expect(await send(8001)).toMatchObject({ kind: "retry", statusCode: 429, retryAfterMs: 7000 });
    telegram.limit(null);
    telegram.block(8001);
    expect(await send(8001)).toMatchObject({
      kind: "failed",
      statusCode: 403,
      error: "HTTP 403: Forbidden: bot was blocked by the user",
    });
    expect(await send(424242)).toMatchObject({
      kind: "failed",
      statusCode: 400,
      error: "HTTP 400: Bad Request: chat not found",
    });
    const wrongToken = createTelegramAdapter(http, { botToken: "1:nope", apiUrl: telegram.url });
    expect(
      await wrongToken.send({
        eventId: "e",
        lead: bigLead(),
        settings: { chat_id: "1" },
        secrets: {},
        language: "en",
        now: new Date(),
        test: false,
        mayHaveLanded: false,
      }),
    ).toMatchObject({ kind: "failed", statusCode: 401 });
  });
});

describe("Telegram: a group upgraded to a supergroup, a long lead retried", () => {
  const GROUP = -4001;
  const SUPERGROUP = -1000000004001;
  let integrationId: number;
  const store = () =>
    integrationCredentials(
      harness.t.database.db,
      createSecretBox(harness.t.config.encryptionKey ?? ""),
      integrationId,
    );

  beforeAll(async () => {
    const code = await startCode();
    // Start pressed in the group, posted as Telegram posts updates in webhook mode (another
    // test's poller still holds the polling lease).
    telegram.press(GROUP, "");
    const update = {
      update_id: 77,
      message: {
        message_id: 5,
        text: `/start ${code}`,
        chat: { id: GROUP, type: "group", title: "Sales" },
        from: { id: 1, language_code: "en" },
      },
    };
    const posted = await harness.t.app.inject({
      method: "POST",
      url: `/api/v1${apiPaths.telegramWebhook}`,
      headers: {
        "content-type": "application/json",
        "x-telegram-bot-api-secret-token": pollingBot("https://quiz.example.com").secretToken,
      },
      payload: JSON.stringify(update),
    });
    expect(posted.statusCode).toBe(200);
    const created = await call("POST", apiPaths.telegramIntegration, { quiz: quiz.id });
    expect(created.json()).toMatchObject({ chat_id: String(GROUP) });
    integrationId = created.json().id as number;
  });

  it("moves the integration to the supergroup Telegram names and sends the lead there", async () => {
    telegram.migrate(GROUP, SUPERGROUP);
    const response = await harness.post(apiPaths.publicQuizLead(quiz.publicKey), houseLead());
    const leadId = (response.json() as { lead: number }).lead;
    const before = telegram.messages.length;
    await testDeliveryWorker(harness, { now: () => new Date() }).runOnce();
    const [row] = await harness.t.database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.leadId, leadId));
    expect(row).toMatchObject({ status: "delivered", attempts: 1 });
    expect(telegram.messages.slice(before).map((m) => m.chat_id)).toEqual([String(SUPERGROUP)]);
    const read = await call("GET", apiPaths.telegramIntegrationOfQuiz(quiz.id));
    expect(read.json()).toMatchObject({ chat_id: String(SUPERGROUP) });
    expect(telegram.problems).toEqual([]);
  });

  it("retries a split lead from the part that was not sent, not from the start", async () => {
    const adapter = createTelegramAdapter(http, { botToken: telegram.token, apiUrl: telegram.url });
    const request = (secrets: Record<string, string>) => ({
      eventId: "long-lead",
      lead: bigLead(),
      settings: { chat_id: String(SUPERGROUP) },
      secrets,
      language: "en",
      now: new Date(),
      test: false,
      credentials: store(),
      mayHaveLanded: secrets["sent_parts:long-lead"] !== undefined,
    });
    const before = telegram.messages.length;
    // Flood control after the first part: the try stops with 429 and its retry_after.
    telegram.limit(3, 1);
    expect(await adapter.send(request({}))).toMatchObject({ kind: "retry", retryAfterMs: 3000 });
    telegram.limit(null);
    expect(telegram.messages.slice(before)).toHaveLength(1);
    const between = await store().update(async () => null);
    expect(between["sent_parts:long-lead"]).toMatch(/^1:\d+:[0-9a-f]{16}$/);
    const firstId = between["sent_parts:long-lead"]?.split(":")[1];

    const retried = await adapter.send(request(between));
    expect(retried).toMatchObject({ kind: "delivered", remoteId: firstId });
    const sent = telegram.messages.slice(before);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((m) => m.text)).size).toBe(3);
    expect(sent[0]?.text).toContain("Kitchen");
    expect(sent.at(-1)?.text).toContain("Lead no. 9");
    // Once the lead is whole, nothing of it stays among the integration's secrets.
    expect(await store().update(async () => null)).not.toHaveProperty("sent_parts:long-lead");
    expect(telegram.problems).toEqual([]);
  });
});

describe("Telegram without a bot on the server", () => {
  it("answers telegram_not_configured with no start link, and nothing can be connected", async () => {
    const bare = await createLeadsHarness({ JOBS_IN_PROCESS: "false" });
    try {
      const own = await bare.publishedQuiz();
      const read = await apiCall(bare.t, "GET", apiPaths.telegramIntegrationOfQuiz(own.id), {
        user: own.owner,
        language: "en",
      });
      expect(read.statusCode).toBe(404);
      expect(read.json()).toMatchObject({ code: "telegram_not_configured" });
      expect(read.json().connect_url).toBeUndefined();
      const create = await apiCall(bare.t, "POST", apiPaths.telegramIntegration, {
        user: own.owner,
        body: { quiz: own.id },
        language: "en",
      });
      expect(create.json()).toMatchObject({ code: "telegram_not_configured" });
    } finally {
      await bare.close();
    }
  });
});
