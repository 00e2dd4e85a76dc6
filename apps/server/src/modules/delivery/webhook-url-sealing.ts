import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import type { SecretBox } from "../../lib/secret-box";
import { integrationsWithPlainUrl, replaceIfUnchanged } from "./integrations.repository";

/**
 * The start-up data migration of webhook URLs (docs/delivery.md "Credentials"): every
 * webhook and REST hook whose URL is still plain in `settings.url` gets it sealed among its
 * secrets (ENCRYPTION_KEY, lib/secret-box.ts) and removed from its settings. Idempotent: a
 * sealed row is not read again. Several processes starting at once move a row once (each
 * update is a compare-and-set on the row as read); a row changed meanwhile, or whose secrets
 * do not open (sealed under another key), is left as it is for the next start, logged by id.
 * Until then the code reads both places (webhookTargetUrl of the webhook adapter). Answers
 * how many rows it sealed.
 */
export async function sealWebhookUrls(
  db: Database,
  box: SecretBox,
  log: Pick<FastifyBaseLogger, "info" | "warn">,
): Promise<number> {
  let sealed = 0;
  for (const row of await integrationsWithPlainUrl(db)) {
    let secrets: Record<string, string>;
    try {
      secrets = row.secrets ? (JSON.parse(box.open(row.secrets)) as Record<string, string>) : {};
    } catch {
      log.warn({ integration: row.id }, "webhook URL left unsealed: its secrets do not open");
      continue;
    }
    // The plain one is the newer where both exist (an older process edited a sealed row).
    const { url = "", ...settings } = row.settings;
    const moved = await replaceIfUnchanged(db, row, {
      settings,
      secrets: box.seal(JSON.stringify({ ...secrets, url })),
    });
    if (moved) sealed += 1;
  }
  if (sealed > 0) log.info({ sealed }, "webhook URLs sealed");
  return sealed;
}
