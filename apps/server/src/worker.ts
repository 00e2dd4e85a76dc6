import closeWithGrace from "close-with-grace";
import pino from "pino";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { startLeadRetention } from "./jobs/lead-retention";
import { startProfileRating } from "./jobs/profile-rating";
import { createJobQueue } from "./jobs/queue";
import { startTariffReminders } from "./jobs/tariff-reminders";
import { createVideoCompressHandler, startWorking } from "./jobs/video-compress";
import { createMailer } from "./mail/mailer";
import { createDeliveryRunner, outgoingHttpFor, telegramBotOf } from "./modules/delivery";
import { scheduleMediaSweep } from "./modules/media";
import { resolveSecrets } from "./secrets";
import { createStorage } from "./storage/storage";

/**
 * `npm run worker`: works background jobs (video compression, lead delivery, lead retention) in a process of its own, for
 * deployments that run the web processes with JOBS_IN_PROCESS=false. Same configuration as
 * the server; the queue is in the shared PostgreSQL database, so this needs DATABASE_URL
 * (an embedded PGlite database belongs to the one process that opened it).
 */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (!config.databaseUrl || config.databaseUrl.startsWith("memory://")) {
    process.stderr.write(
      "Leadquiz worker: set DATABASE_URL to the PostgreSQL database the web processes use " +
        "(with the embedded database, jobs run inside `npm start`).\n",
    );
    process.exit(1);
  }
  const log = pino({ level: config.logLevel, base: { process: "worker" } });
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  if (config.migrateOnStart) await database.migrate();
  const storage = createStorage(config);
  const queue = createJobQueue(database, log.child({ module: "jobs" }));
  const shutdown = new AbortController();
  const handler = createVideoCompressHandler({
    db: database.db,
    storage,
    log: log.child({ module: "video-compress" }),
    ffmpegPath: config.ffmpegPath,
    dataDir: config.dataDir,
    signal: shutdown.signal,
  });
  const mailer = createMailer({ config, log: log.child({ module: "mail" }) });
  const secrets = resolveSecrets(config);
  const telegramBot = telegramBotOf(
    { config, db: database.db, log, secrets },
    outgoingHttpFor(config),
  );
  const deliveries = createDeliveryRunner({
    config,
    secrets,
    db: database.db,
    log: log.child({ module: "delivery" }),
    mailer,
  });
  closeWithGrace({ delay: 30_000 }, async ({ signal, err }) => {
    if (err) log.error({ err }, "stopping after an error");
    else log.info({ signal }, "stopping: the job in hand goes back to the queue");
    shutdown.abort();
    stopSweeping();
    await Promise.all([
      queue.stop({ graceful: true, timeoutMs: 20_000 }),
      deliveries.stop(),
      telegramBot?.stop(),
    ]);
    await mailer.close();
    await database.close();
  });
  await startWorking(queue, database.db, handler);
  await startLeadRetention(queue, database.db, log.child({ module: "lead-retention" }));
  await startProfileRating(queue, database.db, log.child({ module: "profile-rating" }));
  await startTariffReminders(
    queue,
    { db: database.db, mailer, publicUrl: config.publicUrl },
    log.child({ module: "tariff-reminders" }),
  );
  deliveries.start();
  telegramBot?.start();
  const stopSweeping = scheduleMediaSweep({
    db: database.db,
    storage,
    log: log.child({ module: "media-sweep" }),
  });
  log.info(
    "worker ready: working video compressions, lead deliveries, lead retention, the profile rating, tariff reminders and the media sweep",
  );
  process.stdout.write("\nLeadquiz worker is running\n\n");
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Leadquiz worker failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
