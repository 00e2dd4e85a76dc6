import {
  HOOK_SAMPLE_SIZE,
  HOOKS_PER_ACCOUNT,
  type Hook,
  type HookCreate,
} from "@leadquiz/contract";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/client";
import { webhookBody } from "../../integrations/webhook/webhook.adapter";
import { newWebhookSecret } from "../../integrations/webhook/webhook-signature";
import { AppError, FieldErrors } from "../../lib/app-error";
import type { SecretBox } from "../../lib/secret-box";
import { requireOwnedQuiz } from "../quiz-access";
import { deliveryLeadOf, maskedDeliveryLeadOf } from "./delivery-lead";
import { countHooksHeld, newestLeads } from "./hooks.repository";
import {
  deleteIntegration,
  findOwnedIntegration,
  insertIntegration,
} from "./integrations.repository";
import { checkTargetUrl } from "./integrations.service";

export interface HooksServiceDeps {
  db: Database;
  config: Pick<AppConfig, "integrationsAllowPrivateNetworks">;
  box: SecretBox;
}

/**
 * REST hooks for automation platforms (docs/delivery.md "REST hooks"): a subscription is an
 * integration of type `hook` — of one quiz, or of the whole account (`quiz_id` null) — that
 * the pipeline delivers like a webhook (signed, retried, logged; 410 switches it off).
 */
export function createHooksService(deps: HooksServiceDeps) {
  const { db, box } = deps;

  return {
    async subscribe(userId: number, apiKeyId: number, body: HookCreate): Promise<Hook> {
      const quiz = body.quiz ?? null;
      if (quiz !== null) await requireOwnedQuiz(db, userId, quiz);
      checkTargetUrl(deps.config, body.target_url, "target_url");
      const secret = newWebhookSecret();
      const row = await db.transaction(async (tx) => {
        if ((await countHooksHeld(tx, userId)) >= HOOKS_PER_ACCOUNT) {
          throw new FieldErrors({ non_field_errors: ["hook_limit"] });
        }
        return insertIntegration(tx, {
          quizId: quiz,
          userId,
          type: "hook",
          // The target URL is sealed with the signing secret (it may carry a token).
          settings: { event: body.event, api_key_id: String(apiKeyId) },
          secrets: box.seal(JSON.stringify({ secret, url: body.target_url })),
          isEnabled: true,
        });
      });
      return {
        id: row.id,
        target_url: body.target_url,
        event: body.event,
        quiz,
        secret,
        created_at: row.createdAt.toISOString(),
      };
    },

    async unsubscribe(userId: number, id: number): Promise<void> {
      const row = await findOwnedIntegration(db, userId, id, "hook");
      if (!row) throw new AppError("not_found");
      await deleteIntegration(db, row.id);
    },

    /**
     * The newest leads of the account (or of one of its quizzes) in the body a delivery
     * has, for the platform's sample; `id` is `sample-<lead id>`, never a real webhook-id.
     * A sample releases nothing: a lead not yet released is masked as the leads list masks
     * it (docs/delivery.md "REST hooks").
     */
    async sample(userId: number, quizId: number | undefined) {
      if (quizId !== undefined) await requireOwnedQuiz(db, userId, quizId);
      const rows = await newestLeads(db, userId, quizId, HOOK_SAMPLE_SIZE);
      return rows.map((r) => {
        const lead = r.lead.isOpened
          ? deliveryLeadOf(r.lead, r.quiz)
          : maskedDeliveryLeadOf(r.lead, r.quiz);
        return webhookBody(`sample-${r.lead.id}`, lead);
      });
    },
  };
}
