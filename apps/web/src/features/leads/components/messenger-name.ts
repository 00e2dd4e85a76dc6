import type { TFunction } from "i18next";

/** A messenger as the product names it ("Telegram", "WhatsApp"), not its key ("telegram"). */
export function messengerName(t: TFunction, key: string): string {
  return t(`results:contact.messengerNames.${key}`, { defaultValue: key });
}
