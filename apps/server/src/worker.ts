import closeWithGrace from "close-with-grace";
import pino from "pino";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { startWorkerProcess, type WorkerProcess } from "./jobs/worker-process";

/**
 * `npm run worker`: works every background job (jobs/background-work.ts, docs/ARCHITECTURE.md
 * "Background work") in a process of its own, for deployments that run the web processes
 * with JOBS_IN_PROCESS=false. Same configuration as the server; the queue is in the shared PostgreSQL database, so this needs DATABASE_URL
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
  let worker: WorkerProcess | undefined;
  closeWithGrace({ delay: 30_000 }, async ({ signal, err }) => {
    if (err) log.error({ err }, "stopping after an error");
    else log.info({ signal }, "stopping: the job in hand goes back to the queue");
    await worker?.close();
    await database.close();
  });
  worker = await startWorkerProcess(config, database, log);
  log.info({ jobs: worker.work.running() }, "worker ready");
  process.stdout.write("\nLeadquiz worker is running\n\n");
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Leadquiz worker failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
