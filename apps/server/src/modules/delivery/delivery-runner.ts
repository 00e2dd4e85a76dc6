import type { FastifyBaseLogger as Logger } from "fastify";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/client";
import { createSecretBox } from "../../lib/secret-box";
import type { Mailer } from "../../mail/mailer";
import type { AppSecrets } from "../../secrets";
import { createDeliveryAdapters } from "./delivery-adapters";
import { createDeliveryWorker, type DeliveryWorker } from "./delivery-worker";

export interface DeliveryRunnerDeps {
  config: Pick<AppConfig, "integrationsAllowPrivateNetworks">;
  secrets: Pick<AppSecrets, "encryptionKey">;
  db: Database;
  log: Logger;
  mailer: Pick<Mailer, "sendNow">;
}

/** The worker with the production adapters: what the web process and `npm run worker` run. */
export function createDeliveryRunner(deps: DeliveryRunnerDeps): DeliveryWorker {
  return createDeliveryWorker({
    db: deps.db,
    log: deps.log,
    adapters: createDeliveryAdapters(deps),
    box: createSecretBox(deps.secrets.encryptionKey),
  });
}
