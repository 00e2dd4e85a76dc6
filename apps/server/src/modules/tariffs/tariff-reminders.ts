import { type InterfaceLanguageCode, interfaceLanguages, tariffName } from "@leadquiz/i18n";
import type { Database } from "../../db/client";
import { renderActionEmail } from "../../mail/mail-templates";
import type { Mailer, MailMessage } from "../../mail/mailer";
import { claimDueReminders, type DueReminder } from "./tariff-reminders.repository";

export interface TariffRemindersDeps {
  db: Database;
  mailer: Mailer;
  /** The product's public address: the e-mail's button opens `/balance/my-rate` there. */
  publicUrl: string;
}

/** The e-mail of one reminder, in the owner's interface language. */
export function tariffReminderEmail(reminder: DueReminder, publicUrl: string): MailMessage {
  const language = (interfaceLanguages as readonly string[]).includes(reminder.language)
    ? (reminder.language as InterfaceLanguageCode)
    : "en";
  const rendered = renderActionEmail(
    language,
    reminder.daysLeft === 1 ? "tariff_ends_tomorrow" : "tariff_ends_soon",
    {
      link: `${publicUrl.replace(/\/$/, "")}/balance/my-rate`,
      tariff: tariffName(language, reminder.tariff),
      // "2026-11-27 14:05", the same in every language (the text says UTC).
      date: reminder.endsAt.toISOString().slice(0, 16).replace("T", " "),
    },
  );
  return { to: reminder.email, ...rendered };
}

/**
 * One run of the tariff-ending reminders (docs/money.md "Reminders"): claims what is due
 * and hands each e-mail to the mailer. A reminder is claimed before it is sent, so a crash
 * between the two loses that one e-mail rather than sending it twice.
 */
export async function sendTariffReminders(
  deps: TariffRemindersDeps,
  now = new Date(),
): Promise<{ sent: number }> {
  const due = await claimDueReminders(deps.db, now);
  for (const reminder of due) {
    deps.mailer.send(tariffReminderEmail(reminder, deps.publicUrl), "tariff-reminder");
  }
  return { sent: due.length };
}
