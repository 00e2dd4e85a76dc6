import pino from "pino";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { createSecretBox } from "./lib/secret-box";
import { sealWebhookUrls } from "./modules/delivery";
import { resolveSecrets } from "./secrets";
import { createStorage } from "./storage/storage";
import { seedTemplates } from "./workflows/template-catalogue";

/** `npm run migrate`: applies pending migrations and exits (for MIGRATE_ON_START=false). */
async function migrate() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  try {
    await database.migrate();
    log.info("migrations applied");
    const box = createSecretBox(resolveSecrets(config).encryptionKey);
    await sealWebhookUrls(database.db, box, log);
    if (config.seedTemplates)
      await seedTemplates({ db: database.db, config, log }, createStorage(config));
  } finally {
    await database.close();
  }
}

migrate().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
