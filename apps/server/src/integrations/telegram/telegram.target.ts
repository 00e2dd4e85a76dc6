import type { PlainServerTarget } from "../target";
import { createTelegramAdapter } from "./telegram.adapter";

/** Telegram (docs/delivery.md "Telegram"): messages of the server's bot. */
export const telegramTarget = {
  key: "telegram",
  createAdapter: ({ http, config }) => createTelegramAdapter(http, config.telegram),
} satisfies PlainServerTarget<"telegram">;
