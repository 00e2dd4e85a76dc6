import type { FastifyBaseLogger as Logger } from "fastify";
import { sendTariffReminders, type TariffRemindersDeps } from "../modules/tariffs";
import { type JobQueue, TARIFF_REMINDERS_QUEUE } from "./queue";

/**
 * Works the hourly tariff-ending reminders (docs/money.md "Reminders") in this process. A
 * run claims each reminder once, so several processes working the queue send each once.
 */
export async function startTariffReminders(
  queue: JobQueue,
  deps: TariffRemindersDeps,
  log: Logger,
): Promise<void> {
  await queue.workPeriodic(TARIFF_REMINDERS_QUEUE, async () => {
    const run = await sendTariffReminders(deps);
    if (run.sent > 0) log.info(run, "tariff reminders sent");
  });
}
