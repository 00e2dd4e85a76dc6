import type { FastifyBaseLogger as Logger } from "fastify";
import type { AppConfig } from "./config";
import type { Database, DatabaseHandle } from "./db/client";
import type { Mailer } from "./mail/mailer";
import type { FastReads } from "./plugins/fast-reads";
import type { AppSecrets } from "./secrets";

/**
 * What modules get from the app: configuration, secrets, the database and a logger.
 * Services take the parts they need from it (plain functions and factories, testable
 * without Fastify).
 */
export interface AppContext {
  config: AppConfig;
  secrets: AppSecrets;
  database: DatabaseHandle;
  db: Database;
  log: Logger;
  /** Sends e-mail in the background (SMTP_URL, else .eml files in DATA_DIR/mail/). */
  mailer: Mailer;
  /** Where the visitors' reads answered from memory are added (plugins/fast-reads.ts). */
  fastReads: FastReads;
}

/** What every module's routes (and the API scope) are registered with. */
export interface ApiOptions {
  context: AppContext;
}
