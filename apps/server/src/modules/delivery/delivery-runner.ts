import { type InterfaceLanguageCode, interfaceLanguages, translate } from "@leadquiz/i18n";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/client";
import { createSecretBox } from "../../lib/secret-box";
import { renderActionEmail } from "../../mail/mail-templates";
import type { Mailer, MailMessage } from "../../mail/mailer";
import type { AppSecrets } from "../../secrets";
import type { FailingTarget } from "./delivery.repository";
import { createDeliveryAdapters } from "./delivery-adapters";
import { createDeliveryWorker, type DeliveryWorker } from "./delivery-worker";

export interface DeliveryRunnerDeps {
  config: Pick<
    AppConfig,
    "integrationsAllowPrivateNetworks" | "publicUrl" | "targetApiUrls" | "telegram" | "oauthTargets"
  >;
  secrets: Pick<AppSecrets, "encryptionKey">;
  db: Database;
  log: Logger;
  mailer: Pick<Mailer, "sendNow" | "send">;
}

/**
 * The worker with the production adapters: what the web process and `npm run worker` run.
 * An owner whose target has been failing for an hour gets one e-mail about it.
 */
export function createDeliveryRunner(deps: DeliveryRunnerDeps): DeliveryWorker {
  return createDeliveryWorker({
    db: deps.db,
    log: deps.log,
    adapters: createDeliveryAdapters(deps),
    box: createSecretBox(deps.secrets.encryptionKey),
    onTargetFailing: (target) =>
      deps.mailer.send(failingTargetEmail(target, deps.config.publicUrl), "integration-failing"),
  });
}

/** The e-mail telling an owner that a target has been failing for an hour. */
export function failingTargetEmail(target: FailingTarget, publicUrl: string): MailMessage {
  const language = (interfaceLanguages as readonly string[]).includes(target.language)
    ? (target.language as InterfaceLanguageCode)
    : "en";
  const rendered = renderActionEmail(language, "integration_failing", {
    link: `${publicUrl.replace(/\/$/, "")}/quiz/${target.quizId}/integration`,
    quiz: target.quizTitle,
    target: translate(language, `integrations:targets.${target.type}`),
  });
  return { to: target.email, ...rendered };
}
