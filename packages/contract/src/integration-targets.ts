import { z } from "zod";
import {
  apiTokenField,
  type CredentialField,
  integerField,
  optionalPlainField,
  plainField,
  secretField,
  targetKeyField,
} from "./credential-fields";
import { URL_MAX_LENGTH } from "./quiz-common";

/**
 * Every target a lead can be delivered to, one entry each (CONTRIBUTING.md "Adding an
 * integration target", docs/delivery.md): its group on the integrations tab, its name, how
 * an owner connects it and, for the API, what a lead becomes there. The API paths of the
 * credential targets, their request and answer schemas, the OpenAPI operation ids, the
 * tab's gallery and the texts a target needs (`targetTextKeys`) all derive from this list;
 * the server side of each target is `apps/server/src/integrations/<key>/<key>.target.ts`,
 * listed in apps/server/src/integrations/registry.ts.
 */

export type IntegrationGroupName = "notifications" | "crm" | "mailing";

/** How an owner connects a target. */
export type TargetConnection =
  /** Addresses the leads are mailed to, several per quiz. */
  | { kind: "email" }
  /** Signed POSTs to the owner's URLs, several per quiz. */
  | { kind: "webhook" }
  /** A bot the owner starts from a one-time link (Telegram). */
  | { kind: "bot" }
  /** A REST hook of an automation platform, subscribed with an account API key. */
  | { kind: "hook" }
  /**
   * Fields the owner types in, one connection per quiz at `/{path}/` and
   * `/{path}/{quiz}/`; the values are checked against the target once.
   */
  | { kind: "credentials"; path: string; fields: readonly CredentialField[] }
  /** OAuth 2.0 consent: the link is `/{key}/{consent}` with the quiz in place of `{quiz}`. */
  | { kind: "oauth"; consent: string };

export interface IntegrationTargetDescriptor {
  /** Its group in the tab's gallery; null: not in the gallery (REST hooks). */
  group: IntegrationGroupName | null;
  /** Its name in the API documentation (the tab takes `integrations:targets.<key>`). */
  name: string;
  /** What a lead becomes there, for the API documentation. */
  leadsBecome: string;
  connect: TargetConnection;
}

/** An inbound webhook of a Bitrix24 portal: `https://{portal}/rest/{user}/{code}/`. */
export const bitrix24WebhookUrlField = z
  .string()
  .trim()
  .max(URL_MAX_LENGTH, { message: "too_long" })
  .refine((value) => /^https?:\/\/[^/\s]+(\/\S*)?\/rest\/\d+\/[A-Za-z0-9_]+\/?$/.test(value), {
    message: "bitrix24_webhook_url",
  });
/**
 * The domain a GetResponse MAX (Enterprise) account registered with, sent as its `X-Domain`
 * header (docs/delivery.md "GetResponse"): the name only, no scheme, no `www.`; empty for an
 * ordinary account.
 */
const getresponseDomainField = z
  .string()
  .trim()
  .max(253, { message: "too_long" })
  .refine(
    (value) =>
      value === "" ||
      (/^(?!www\.)([a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,63}$/i.test(value) &&
        !value.includes("..")),
    { message: "getresponse_domain" },
  );
/** Which of GetResponse MAX's two API hosts the account is on (`api3.getresponse360.{com|pl}`). */
const getresponseRegionField = z
  .string()
  .trim()
  .refine((value) => value === "" || value === "com" || value === "pl", {
    message: "getresponse_region",
  });
/** Mailchimp's key ends with its data centre (`…-us21`), which names the API host. */
const mailchimpKeyField = apiTokenField.refine((key) => /-[a-z]+\d+$/.test(key), {
  message: "mailchimp_api_key",
});
/** The account name of `{subdomain}.salesdrive.me`, without the rest of the address. */
const salesdriveSubdomainField = z
  .string()
  .trim()
  .max(63, { message: "too_long" })
  .refine((value) => /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i.test(value), {
    message: "salesdrive_subdomain",
  });

/** The targets in the gallery's order (the spec's section 3: notifications, CRMs, mailing). */
export const integrationTargets = {
  email: {
    group: "notifications",
    name: "E-mail",
    leadsBecome: "e-mails to the owner's addresses",
    connect: { kind: "email" },
  },
  telegram: {
    group: "notifications",
    name: "Telegram",
    leadsBecome: "messages of the Telegram bot in the chat the owner started it in",
    connect: { kind: "bot" },
  },
  webhook: {
    group: "notifications",
    name: "Webhook",
    leadsBecome: "signed JSON POSTs (Standard Webhooks) to the owner's URLs",
    connect: { kind: "webhook" },
  },
  bitrix24: {
    group: "crm",
    name: "Bitrix24",
    leadsBecome: "Bitrix24 leads (`crm.lead.add`) through the portal's inbound webhook",
    connect: {
      kind: "credentials",
      path: "bitrix24",
      fields: [
        secretField("webhook_url", bitrix24WebhookUrlField, true),
        integerField("responsible_id", false),
      ],
    },
  },
  keycrm: {
    group: "crm",
    name: "KeyCRM",
    leadsBecome: "KeyCRM pipeline cards (`POST /pipelines/cards`) with the account's API key",
    connect: {
      kind: "credentials",
      path: "keycrm",
      fields: [secretField("api_token", apiTokenField), integerField("source_id", false)],
    },
  },
  pipedrive: {
    group: "crm",
    name: "Pipedrive",
    leadsBecome:
      "Pipedrive leads (a person, a lead, the answers as a note) with the user's API token",
    connect: {
      kind: "credentials",
      path: "pipedrive",
      fields: [secretField("api_token", apiTokenField)],
    },
  },
  salesdrive: {
    group: "crm",
    name: "SalesDrive",
    leadsBecome:
      "SalesDrive orders (`POST /handler/` of `{subdomain}.salesdrive.me`) with the form key",
    connect: {
      kind: "credentials",
      path: "salesdrive",
      fields: [
        secretField("form_token", apiTokenField),
        plainField("subdomain", salesdriveSubdomainField),
      ],
    },
  },
  hubspot: {
    group: "crm",
    name: "HubSpot",
    leadsBecome: "HubSpot contacts, signed in with the owner's HubSpot account",
    connect: { kind: "oauth", consent: "auth-link/{quiz}/" },
  },
  salesforce: {
    group: "crm",
    name: "Salesforce",
    leadsBecome: "Leads of the owner's Salesforce org, signed in with it",
    connect: { kind: "oauth", consent: "auth-url/{quiz}" },
  },
  zoho: {
    group: "crm",
    name: "Zoho CRM",
    leadsBecome: "Zoho CRM leads, in the data centre of the owner's account",
    connect: { kind: "oauth", consent: "auth-url/{quiz}" },
  },
  getresponse: {
    group: "mailing",
    name: "GetResponse",
    leadsBecome:
      "contacts of a GetResponse list (`campaign_id`) with the account's API key; a GetResponse MAX account adds its domain (`enterprise_domain`, sent as X-Domain) and API host (`enterprise_region`: com or pl)",
    connect: {
      kind: "credentials",
      path: "get-response-integration",
      fields: [
        secretField("api_key", apiTokenField),
        plainField("campaign_id", targetKeyField),
        optionalPlainField("enterprise_domain", getresponseDomainField),
        optionalPlainField("enterprise_region", getresponseRegionField),
      ],
    },
  },
  mailchimp: {
    group: "mailing",
    name: "Mailchimp",
    leadsBecome:
      "subscribed members of a Mailchimp audience (`list_id`) with the account's API key",
    connect: {
      kind: "credentials",
      path: "mailchimp-integration",
      fields: [secretField("api_key", mailchimpKeyField), plainField("list_id", targetKeyField)],
    },
  },
  sendpulse: {
    group: "mailing",
    name: "SendPulse",
    leadsBecome: "addresses of a SendPulse address book with the account's REST API id and secret",
    connect: {
      kind: "credentials",
      path: "sendpulse-integration",
      fields: [
        plainField("client_id", apiTokenField),
        secretField("client_secret", apiTokenField),
        integerField("address_book_id", true),
      ],
    },
  },
  hook: {
    group: null,
    name: "REST hook",
    leadsBecome: "signed JSON POSTs to the URL an automation platform subscribed",
    connect: { kind: "hook" },
  },
} as const satisfies Record<string, IntegrationTargetDescriptor>;

export type IntegrationTargetKey = keyof typeof integrationTargets;
type Targets = typeof integrationTargets;
/** The keys of the targets connected the `kind` way. */
export type TargetKeyOfKind<Kind extends TargetConnection["kind"]> = {
  [K in IntegrationTargetKey]: Targets[K]["connect"]["kind"] extends Kind ? K : never;
}[IntegrationTargetKey];

export const integrationTargetKeys = Object.keys(integrationTargets) as IntegrationTargetKey[];

/** A target's descriptor, with the common type (no literal types). */
export function targetDescriptor(key: IntegrationTargetKey): IntegrationTargetDescriptor {
  return integrationTargets[key];
}

/** The keys of the targets connected the `kind` way, in the list's order. */
export function targetKeysOfKind<Kind extends TargetConnection["kind"]>(
  kind: Kind,
): TargetKeyOfKind<Kind>[] {
  return integrationTargetKeys.filter(
    (key) => targetDescriptor(key).connect.kind === kind,
  ) as TargetKeyOfKind<Kind>[];
}

/** `Bitrix24`, `Getresponse`: the target's part of its OpenAPI operation ids. */
export function operationNameOf(key: string): string {
  return key.charAt(0).toUpperCase() + key.slice(1);
}

/**
 * The texts a target needs in every language (packages/i18n, namespace `integrations`):
 * its name; in the gallery a summary and a description; for credentials a label per field
 * and the line of a connection.
 */
export function targetTextKeys(key: IntegrationTargetKey): string[] {
  const target = targetDescriptor(key);
  const keys = [`targets.${key}`];
  if (target.group) keys.push(`summary.${key}`, `${key}.description`);
  if (target.connect.kind === "credentials") {
    keys.push(`${key}.connectedAs`);
    for (const field of target.connect.fields) keys.push(`${key}.fields.${field.name}`);
  }
  if (target.connect.kind === "bot") keys.push(`${key}.connectedAs`);
  return keys;
}
