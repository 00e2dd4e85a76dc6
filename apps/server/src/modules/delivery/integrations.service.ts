import type {
  CredentialRecord,
  EmailIntegration,
  EmailIntegrationCreate,
  TestLeadResult,
  WebhookIntegration,
  WebhookIntegrationCreate,
  WebhookIntegrationUpdate,
} from "@leadquiz/contract";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/client";
import type { IntegrationType } from "../../db/schema";
import type { OutgoingHttp } from "../../integrations/http/outgoing-http";
import type { DeliveryLead } from "../../integrations/types";
import { webhookTargetUrl } from "../../integrations/webhook/webhook.adapter";
import { newWebhookSecret } from "../../integrations/webhook/webhook-signature";
import { AppError, FieldErrors } from "../../lib/app-error";
import { maskSecret, maskUrl, type SecretBox } from "../../lib/secret-box";
import { requireOwnedQuiz } from "../quiz-access";
import type { CredentialBody, CredentialTarget } from "./credential-targets";
import type { DeliveryAdapters } from "./delivery-worker";
import { integrationCredentials } from "./integration-secrets.repository";
import {
  deleteIntegration,
  findOwnedIntegration,
  findQuizForDelivery,
  type IntegrationRow,
  insertIntegration,
  type LastDelivery,
  lastDeliveries,
  listQuizIntegrations,
  setQuizIntegrationsEnabled,
  updateIntegration,
} from "./integrations.repository";

export interface IntegrationsServiceDeps {
  db: Database;
  config: Pick<AppConfig, "integrationsAllowPrivateNetworks">;
  box: SecretBox;
  adapters: DeliveryAdapters;
  /** The outgoing client, for checking credentials when a target is connected. */
  http: OutgoingHttp;
  now?: () => Date;
}

/**
 * An address the server will call for an owner (a webhook, a REST hook): https only, unless
 * the server allows private networks (docs/delivery.md "Outgoing requests"); 400 otherwise.
 */
export function checkTargetUrl(
  config: Pick<AppConfig, "integrationsAllowPrivateNetworks">,
  url: string,
  field: string,
): void {
  if (!config.integrationsAllowPrivateNetworks && !url.toLowerCase().startsWith("https://")) {
    throw new FieldErrors({ [field]: ["https_required"] });
  }
}

/** How long a rotated-out webhook secret still signs (receivers switch over meanwhile). */
const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

const nowOf = (deps: IntegrationsServiceDeps): Date => (deps.now ? deps.now() : new Date());

const secretsOf = (box: SecretBox, row: IntegrationRow): Record<string, string> =>
  row.secrets ? (JSON.parse(box.open(row.secrets)) as Record<string, string>) : {};

/**
 * The owner's integration. REST hooks are the automation platform's to manage (the
 * `hooks/` routes, docs/delivery.md "REST hooks"): the quiz routes do not see them.
 */
async function owned(db: Database, userId: number, id: number, type?: IntegrationType) {
  const row = await findOwnedIntegration(db, userId, id, type);
  if (!row || (row.type === "hook" && type !== "hook")) throw new AppError("not_found");
  return row;
}

async function common(db: Database, rows: IntegrationRow[]) {
  const last = await lastDeliveries(
    db,
    rows.map((r) => r.id),
  );
  return (row: IntegrationRow) => commonAnswer(row, last.get(row.id));
}

/** Webhooks as answered: the URL always masked (it may carry a token), the secret too. */
async function webhookAnswers(
  { db, box }: IntegrationsServiceDeps,
  rows: IntegrationRow[],
  fullSecret = false,
) {
  const base = await common(db, rows);
  return rows.map((row): WebhookIntegration => {
    const secrets = secretsOf(box, row);
    const secret = secrets.secret ?? "";
    return {
      ...base(row),
      url: maskUrl(webhookTargetUrl(row.settings, secrets)),
      secret: fullSecret ? secret : maskSecret(secret),
    };
  });
}

/** A webhook's stored columns with `url` sealed among its secrets, out of its settings. */
function withUrl(
  box: SecretBox,
  row: Pick<IntegrationRow, "settings">,
  secrets: Record<string, string>,
  url: string,
) {
  const { url: _plain, ...settings } = row.settings;
  return { settings, secrets: box.seal(JSON.stringify({ ...secrets, url })) };
}

async function emailAnswers(db: Database, rows: IntegrationRow[]) {
  const base = await common(db, rows);
  return rows.map((row): EmailIntegration => ({ ...base(row), email: row.settings.email ?? "" }));
}

/** The quiz's one integration of `type` (owned), or 404 ("not connected"). */
async function ownedSingle(db: Database, userId: number, quizId: number, type: IntegrationType) {
  await requireOwnedQuiz(db, userId, quizId);
  const [row] = await listQuizIntegrations(db, quizId, type);
  if (!row) throw new AppError("not_found");
  return row;
}

/** Checks a credential target's values against the target (400 with its reason). */
async function checkCredential(
  deps: IntegrationsServiceDeps,
  target: CredentialTarget,
  values: Record<string, string>,
) {
  for (const field of target.fields) {
    if (field.url) checkTargetUrl(deps.config, values[field.name] ?? "", field.name);
  }
  const reason = await target.check(deps.http, values);
  if (reason) {
    throw new FieldErrors({
      [target.checkField]: [
        { key: "errors:integration_check_failed", params: { reason: reason.slice(0, 200) } },
      ],
    });
  }
}

/** The record with secret fields masked and integers as numbers (null when unset). */
async function credentialAnswer(
  { db, box }: IntegrationsServiceDeps,
  target: CredentialTarget,
  row: IntegrationRow,
) {
  const base = await common(db, [row]);
  const secrets = secretsOf(box, row);
  const answer: CredentialRecord = { ...base(row) };
  for (const field of target.fields) {
    const value = field.secret ? secrets[field.name] : row.settings[field.name];
    if (field.secret) answer[field.name] = maskSecret(value ?? "");
    else if (value === undefined || value === "") answer[field.name] = null;
    else answer[field.name] = field.integer ? Number(value) : value;
  }
  return answer;
}

/**
 * The stored values of a target after `body` (fields left out keep their value, null clears
 * an optional one): secrets and settings apart, and all of them as text for the check.
 */
function credentialValues(
  box: SecretBox,
  target: CredentialTarget,
  body: Record<string, unknown>,
  row?: IntegrationRow,
) {
  const secrets = row ? secretsOf(box, row) : {};
  const settings: Record<string, string> = row ? { ...row.settings } : {};
  let changed = false;
  for (const field of target.fields) {
    const value = body[field.name];
    if (value === undefined) continue;
    const into = field.secret ? secrets : settings;
    if (value === null) delete into[field.name];
    else into[field.name] = String(value);
    // Optional integers (a source, a responsible user) change nothing the check reads; a
    // text field can (GetResponse MAX's domain and host), so it is checked again.
    if (field.secret || field.required || !field.integer) changed = true;
  }
  return { secrets, settings, all: { ...settings, ...secrets }, changed };
}

const first = <T>(list: T[]): T => {
  const [item] = list;
  if (item === undefined) throw new Error("no answer built");
  return item;
};

/** A quiz's webhooks: several per quiz, signed, on/off, secret rotation. */
function webhookMethods(deps: IntegrationsServiceDeps) {
  const { db, box } = deps;
  const checkUrl = (url: string) => checkTargetUrl(deps.config, url, "url");
  return {
    async createWebhook(userId: number, body: WebhookIntegrationCreate) {
      await requireOwnedQuiz(db, userId, body.quiz);
      checkUrl(body.url);
      const row = await insertIntegration(db, {
        quizId: body.quiz,
        userId,
        type: "webhook",
        ...withUrl(box, { settings: {} }, { secret: newWebhookSecret() }, body.url),
        isEnabled: body.is_enabled ?? true,
      });
      return first(await webhookAnswers(deps, [row], true));
    },

    async listWebhooks(userId: number, quizId: number) {
      await requireOwnedQuiz(db, userId, quizId);
      return webhookAnswers(deps, await listQuizIntegrations(db, quizId, "webhook"));
    },

    async updateWebhook(userId: number, id: number, body: WebhookIntegrationUpdate) {
      const row = await owned(db, userId, id, "webhook");
      if (body.url !== undefined) checkUrl(body.url);
      // Without `url` the stored one stays (the owner app never sends the masked one back).
      const updated = await updateIntegration(db, row.id, {
        ...(body.url !== undefined ? withUrl(box, row, secretsOf(box, row), body.url) : {}),
        ...(body.is_enabled !== undefined
          ? { isEnabled: body.is_enabled, ...(body.is_enabled ? { disabledReason: null } : {}) }
          : {}),
      });
      return first(await webhookAnswers(deps, [updated]));
    },

    /** A new signing secret; the old one still signs for 24 hours (both signatures sent). */
    async rotateWebhookSecret(userId: number, id: number) {
      const row = await owned(db, userId, id, "webhook");
      const current = secretsOf(box, row);
      const previous = current.secret ?? "";
      const url = webhookTargetUrl(row.settings, current);
      const secrets = {
        ...(url ? { url } : {}),
        secret: newWebhookSecret(),
        previous_secret: previous,
        previous_expires_at: String(nowOf(deps).getTime() + ROTATION_OVERLAP_MS),
      };
      const updated = await updateIntegration(db, row.id, {
        secrets: box.seal(JSON.stringify(secrets)),
      });
      return first(await webhookAnswers(deps, [updated], true));
    },

    async setWebhooksEnabled(userId: number, quizId: number, isEnabled: boolean) {
      await requireOwnedQuiz(db, userId, quizId);
      await setQuizIntegrationsEnabled(db, quizId, "webhook", isEnabled);
      return webhookAnswers(deps, await listQuizIntegrations(db, quizId, "webhook"));
    },
  };
}

/** A quiz's credential targets: one per quiz, checked against the target when changed. */
function credentialMethods(deps: IntegrationsServiceDeps) {
  const { db, box } = deps;
  return {
    /** Connects a credential target (one per quiz) after checking it once. */
    async createCredential(userId: number, target: CredentialTarget, body: CredentialBody) {
      await requireOwnedQuiz(db, userId, body.quiz);
      if ((await listQuizIntegrations(db, body.quiz, target.type)).length > 0) {
        throw new FieldErrors({ quiz: ["type_taken"] });
      }
      const values = credentialValues(box, target, body);
      await checkCredential(deps, target, values.all);
      const row = await insertIntegration(db, {
        quizId: body.quiz,
        userId,
        type: target.type,
        settings: values.settings,
        secrets: box.seal(JSON.stringify(values.secrets)),
        isEnabled: true,
      });
      return credentialAnswer(deps, target, row);
    },

    async getCredential(userId: number, target: CredentialTarget, quizId: number) {
      return credentialAnswer(deps, target, await ownedSingle(db, userId, quizId, target.type));
    },

    /** Changes some fields; new credentials (or a new list) are checked first. */
    async updateCredential(
      userId: number,
      target: CredentialTarget,
      quizId: number,
      body: Record<string, unknown> & { is_enabled?: boolean | undefined },
    ) {
      const row = await ownedSingle(db, userId, quizId, target.type);
      const values = credentialValues(box, target, body, row);
      if (values.changed) await checkCredential(deps, target, values.all);
      const updated = await updateIntegration(db, row.id, {
        secrets: box.seal(JSON.stringify(values.secrets)),
        settings: values.settings,
        ...(body.is_enabled !== undefined
          ? { isEnabled: body.is_enabled, ...(body.is_enabled ? { disabledReason: null } : {}) }
          : {}),
      });
      return credentialAnswer(deps, target, updated);
    },

    async removeCredential(userId: number, target: CredentialTarget, quizId: number) {
      const row = await ownedSingle(db, userId, quizId, target.type);
      await deleteIntegration(db, row.id);
    },
  };
}

/**
 * The integrations of a quiz (docs/api.md "Lead delivery"): webhooks (several per quiz,
 * signed, on/off, secret rotation) and e-mail addresses; switching on and off; test leads.
 * Anything of another account answers 404 exactly like something that does not exist.
 */
export function createIntegrationsService(deps: IntegrationsServiceDeps) {
  const { db, box, adapters } = deps;

  return {
    /** The common record fields of one integration (id, quiz, on/off, last delivery). */
    async recordOf(row: IntegrationRow) {
      return (await common(db, [row]))(row);
    },

    ...webhookMethods(deps),

    async listEmails(userId: number, quizId: number) {
      await requireOwnedQuiz(db, userId, quizId);
      return emailAnswers(db, await listQuizIntegrations(db, quizId, "email"));
    },

    async createEmail(userId: number, body: EmailIntegrationCreate) {
      await requireOwnedQuiz(db, userId, body.quiz);
      const row = await insertIntegration(db, {
        quizId: body.quiz,
        userId,
        type: "email",
        settings: { email: body.email },
        secrets: "",
        isEnabled: true,
      });
      return first(await emailAnswers(db, [row]));
    },

    ...credentialMethods(deps),

    /** Switches one integration of any type on or off. */
    async setEnabled(userId: number, id: number, isEnabled: boolean) {
      const row = await owned(db, userId, id);
      await updateIntegration(db, row.id, {
        isEnabled,
        ...(isEnabled ? { disabledReason: null } : {}),
      });
      return { id: row.id, is_enabled: isEnabled };
    },

    async remove(userId: number, id: number, type: IntegrationType) {
      const row = await owned(db, userId, id, type);
      await deleteIntegration(db, row.id);
    },

    /**
     * Sends a made-up lead to the integration right away (not through the outbox) and
     * answers what the target said. Works while the integration is switched off.
     */
    async sendTestLead(userId: number, id: number): Promise<TestLeadResult> {
      const row = await owned(db, userId, id);
      const quiz = row.quizId === null ? undefined : await findQuizForDelivery(db, row.quizId);
      if (!quiz) throw new AppError("not_found");
      const at = nowOf(deps);
      const outcome = await adapters[row.type].send({
        eventId: crypto.randomUUID(),
        lead: sampleLead({ id: quiz.id, title: quiz.title }, at),
        settings: row.settings,
        secrets: secretsOf(box, row),
        language: quiz.language,
        now: at,
        test: true,
        credentials: integrationCredentials(db, box, row.id),
        mayHaveLanded: false,
      });
      if (outcome.kind === "delivered") {
        return {
          ok: true,
          status_code: outcome.statusCode,
          error: null,
          response: outcome.response,
        };
      }
      return { ok: false, status_code: outcome.statusCode, error: outcome.error, response: "" };
    },
  };
}

/** The fields every integration record answers (docs/api.md "Lead delivery"). */
export function commonAnswer(row: IntegrationRow, delivery: LastDelivery | undefined) {
  return {
    id: row.id,
    // Only account-wide REST hooks have no quiz, and they are never answered here.
    quiz: row.quizId ?? 0,
    is_enabled: row.isEnabled,
    disabled_reason: row.disabledReason,
    created_at: row.createdAt.toISOString(),
    failing_since: row.failingSince?.toISOString() ?? null,
    last_delivery: delivery
      ? { at: delivery.at?.toISOString() ?? null, status: delivery.status, error: delivery.error }
      : null,
  };
}

/** The made-up lead of "send a test lead". */
function sampleLead(quiz: { id: number; title: string }, at: Date): DeliveryLead {
  return {
    id: 0,
    created_at: at.toISOString(),
    quiz,
    name: "Test Lead",
    email: "test.lead@example.com",
    phone: "+380 50 123 4567",
    messengers: { telegram: "@test_lead" },
    other: "",
    other2: "",
    answers: [{ question: "Test question", answer: "Test answer" }],
    results: [{ title: "Test result", value: 100, unit: null }],
    extra: {},
    utm: { utm_source: "test" },
    page_url: "https://example.com/quiz",
    referrer: "",
  };
}
