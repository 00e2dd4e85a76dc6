import type { Opts } from "@grammyjs/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleDeliveryLead } from "../../test-support/fake-target";
import { type FakeTelegram, startFakeTelegram } from "../../test-support/fake-telegram";
import { type ShapeOf, shapeProblems } from "../../test-support/sdk-shape";
import { createOutgoingHttp } from "../http/outgoing-http";
import { createTelegramAdapter } from "./telegram.adapter";
import { botUsername } from "./telegram-api";

/**
 * The Bot API calls against `@grammyjs/types`, the Bot API's type declarations
 * (docs/delivery.md, "Checked against the services' definitions"): a shape per method we
 * call, each proved by `npm run typecheck` against that method's parameters, so a method the
 * Bot API does not have or a parameter it does not take fails the type check; every call the
 * adapter makes to the fake is then held to its method's shape.
 */
type BotParams = Opts<unknown>;

const METHODS = {
  getMe: {},
  sendMessage: {
    chat_id: "string",
    text: "string",
    parse_mode: "string",
    link_preview_options: { is_disabled: "boolean" },
  },
  getUpdates: { offset: "number", timeout: "number", allowed_updates: ["string"] },
  setWebhook: { url: "string", secret_token: "string", allowed_updates: ["string"] },
  deleteWebhook: { drop_pending_updates: "boolean" },
} as const satisfies { [M in keyof BotParams]?: ShapeOf<BotParams[M]> };

// Negative controls: an unused directive fails the type check.
const refusedMethod = {
  // @ts-expect-error The Bot API has sendMessage, not sendText.
  sendText: { chat_id: "string" },
} as const satisfies { [M in keyof BotParams]?: ShapeOf<BotParams[M]> };
const refusedParameter = {
  // @ts-expect-error Previews are switched off in `link_preview_options` now, not like this.
  disable_preview: "boolean",
} as const satisfies ShapeOf<BotParams["sendMessage"]>;

function callProblems(call: { method: string; body: unknown }): string[] {
  const shape = (METHODS as Record<string, object>)[call.method];
  if (!shape) return [`${call.method}: no Bot API type checks this call`];
  return shapeProblems(call.body, shape, call.method);
}

let telegram: FakeTelegram;
beforeAll(async () => {
  telegram = await startFakeTelegram();
});
afterAll(() => telegram.close());

describe("Telegram, against the Bot API's type declarations", () => {
  it("calls the Bot API's methods with its parameters, also for a lead split in several messages", async () => {
    const http = createOutgoingHttp({ allowPrivateNetworks: true });
    const bot = { botToken: telegram.token, apiUrl: telegram.url };
    expect(await botUsername(http, bot)).toBe(telegram.username);
    telegram.press(424242, "/start"); // the chat exists once someone writes to the bot
    const long = sampleDeliveryLead({ other: "word ".repeat(1500) });
    const outcome = await createTelegramAdapter(http, bot).send({
      eventId: "event-1",
      lead: long,
      settings: { chat_id: "424242" },
      secrets: {},
      language: "en",
      now: new Date(),
      test: false,
      mayHaveLanded: false,
    });
    expect(outcome.kind).toBe("delivered");
    expect(telegram.requests.filter((r) => r.method === "sendMessage").length).toBeGreaterThan(1);
    expect(telegram.requests.flatMap(callProblems)).toEqual([]);
    expect(telegram.problems).toEqual([]);
  });

  it("finds what the Bot API's types do not allow (negative controls of the check)", () => {
    const good = { chat_id: "1", text: "hi", parse_mode: "HTML" };
    expect(callProblems({ method: "sendMessage", body: good })).toEqual([]);
    expect(callProblems({ method: "sendMessage", body: { ...good, chat: "1" } })).toEqual([
      "sendMessage.chat: not in the SDK's type",
    ]);
    expect(
      callProblems({ method: "sendMessage", body: { ...good, link_preview_options: true } }),
    ).toEqual(["sendMessage.link_preview_options: boolean where the SDK has an object"]);
    expect(callProblems({ method: "sendText", body: good })).toEqual([
      "sendText: no Bot API type checks this call",
    ]);
    expect([refusedMethod, refusedParameter]).toHaveLength(2);
  });
});
