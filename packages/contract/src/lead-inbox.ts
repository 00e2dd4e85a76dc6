import { z } from "zod";
import { idSchema, MAX_ID, shortText, timestampSchema } from "./quiz-common";

/**
 * The owner's leads (operations `listLeads`, `openLead`, `getLeadAnswers`, `updateLead`,
 * `eraseLead`, `exportLeads`, `releaseLeads`; docs/leads.md).
 */

/** The owner's follow-up of a lead. */
export const leadStatuses = ["new", "in_progress", "won", "lost"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

/**
 * Quality flags computed when a lead is stored; a flag never blocks a lead. `over_rate`: the
 * lead came over the per-address rate (docs/leads.md "Leads over the per-address rate"); its
 * deliveries are held until the owner lets it through (`letLeadsThrough`).
 */
export const leadFlags = [
  "disposable_email",
  "invalid_phone",
  "duplicate",
  "too_fast",
  "over_rate",
] as const;
export type LeadFlag = (typeof leadFlags)[number];

export const LEAD_PAGE_DEFAULT = 50;
export const LEAD_PAGE_MAX = 100;
export const LEAD_NOTE_MAX_LENGTH = 5000;
export const LEAD_SEARCH_MAX_LENGTH = 100;

const optionalId = z.coerce.number().int().min(1).max(MAX_ID).optional();
/** A calendar day, `YYYY-MM-DD` (UTC). */
const day = z.iso.date().optional();

/** The filters of `GET leadslist/`, `GET leads/export/` and `POST leads/release/`. */
export const leadFiltersSchema = z.object({
  project: optionalId,
  quiz: optionalId,
  /** A fragment of the name, e-mail or phone (opened leads' contacts only). */
  search: z.string().trim().max(LEAD_SEARCH_MAX_LENGTH).optional(),
  /** First day included. */
  from: day,
  /** Last day included. */
  to: day,
  /** Leads shown this result id. */
  result: optionalId,
  utm_source: shortText.optional(),
  status: z.enum(leadStatuses).optional(),
  flag: z.enum(leadFlags).optional(),
  /** `partial`: leads visitors left unfinished; sent leads otherwise. */
  kind: z.enum(["complete", "partial"]).optional(),
});
export type LeadFilters = z.infer<typeof leadFiltersSchema>;

export const leadListQuerySchema = leadFiltersSchema.extend({
  /** The `next` of the previous page. */
  cursor: z
    .string()
    .max(32)
    .regex(/^[0-9]+$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(LEAD_PAGE_MAX).default(LEAD_PAGE_DEFAULT),
});
export type LeadListQuery = z.input<typeof leadListQuerySchema>;

export const leadExportQuerySchema = leadFiltersSchema.extend({
  format: z.enum(["csv", "xlsx"]).default("csv"),
});
export type LeadExportQuery = z.input<typeof leadExportQuerySchema>;

/** A row of the list; contacts masked (`J***`) until the lead is opened. */
export const leadListItemSchema = z.object({
  id: z.int32(),
  quiz: z.int32(),
  quiz_title: z.string(),
  project: z.int32(),
  created_at: timestampSchema,
  /** 0 Form, 1 SocialNetwork. */
  source: z.int32().min(0).max(1),
  is_opened: z.boolean(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  messengers: z.record(z.string(), z.string()),
  status: z.enum(leadStatuses),
  flags: z.array(z.enum(leadFlags)),
  /** Left unfinished by the visitor (docs/leads.md "Partial leads"). */
  is_partial: z.boolean(),
});
export type LeadListItem = z.infer<typeof leadListItemSchema>;

/** A page: newest first; `next` is the cursor of the following page (null at the end). */
export const leadListPageSchema = z.object({
  next: z.string().nullable(),
  results: z.array(leadListItemSchema),
  /** Requests the account has left (each lead whose contacts leave the product takes one, once). */
  requests_left: z.int32().min(0),
  /**
   * Deliveries of the account's leads waiting for a request: they go, oldest lead first,
   * once requests are bought (docs/leads.md "Allowance").
   */
  deliveries_waiting: z.int32().min(0),
});
export type LeadListPage = z.infer<typeof leadListPageSchema>;

/**
 * `POST leads/release/` (operation `releaseLeads`): releases the unopened leads matching
 * the list's filters for an export, oldest first while requests last.
 */
export const leadReleaseResultSchema = z.object({
  /** Leads released by this call (one request each). */
  released: z.int32().min(0),
  /** Whether matching leads are still unopened (no request was left for them). */
  unopened_left: z.boolean(),
  requests_left: z.int32().min(0),
});
export type LeadReleaseResult = z.infer<typeof leadReleaseResultSchema>;

/** `POST leads/let-through/`: one held lead, or (no `lead`) every held lead of the account. */
export const leadLetThroughSchema = z.object({ lead: idSchema.optional() });
export type LeadLetThrough = z.infer<typeof leadLetThroughSchema>;

export const leadLetThroughResultSchema = z.object({
  /** Leads whose held deliveries were let through by this call (0 when none was held). */
  let_through: z.int32().min(0),
});
export type LeadLetThroughResult = z.infer<typeof leadLetThroughResultSchema>;

/** `GET leads/over-rate/`: what the leads screen's notice says (docs/leads.md). */
export const leadOverRateSummarySchema = z.object({
  /** Leads flagged `over_rate` in the last `days` days. */
  flagged: z.int32().min(0),
  /** Of every lead of the account, those with deliveries held until let through. */
  held: z.int32().min(0),
  /** Leads refused (429) at abuse-level volumes in the last `days` days, never stored. */
  refused: z.int32().min(0),
  days: z.int32().min(1),
});
export type LeadOverRateSummary = z.infer<typeof leadOverRateSummarySchema>;

/** `POST update-lead-tariff/`. */
export const leadOpenSchema = z.object({ lead: idSchema });
export type LeadOpen = z.infer<typeof leadOpenSchema>;

export const leadOpenResponseSchema = z.object({
  lead: leadListItemSchema,
  requests_left: z.int32().min(0),
});
export type LeadOpenResponse = z.infer<typeof leadOpenResponseSchema>;

/** `PATCH lead/{id}/`: the owner's follow-up. */
export const leadUpdateSchema = z.object({
  status: z.enum(leadStatuses).optional(),
  note: z.string().max(LEAD_NOTE_MAX_LENGTH).optional(),
});
export type LeadUpdate = z.infer<typeof leadUpdateSchema>;

export const leadUpdateResponseSchema = z.object({
  id: z.int32(),
  status: z.enum(leadStatuses),
  note: z.string(),
});

/** `GET lead_answers/{id}/` of an opened lead. */
export const leadDetailSchema = z.object({
  id: z.int32(),
  quiz: z.int32(),
  quiz_title: z.string(),
  created_at: timestampSchema,
  contacts: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    other: z.string(),
    other2: z.string(),
    messengers: z.record(z.string(), z.string()),
  }),
  /** Question and answer texts as the visitor saw them. */
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
  other_fields: z.record(z.string(), z.string()),
  utm: z.record(z.string(), z.string()),
  results: z.array(
    z.object({
      id: z.int32(),
      title: z.string(),
      value: z.union([z.string(), z.number(), z.null()]),
      unit: z.string().nullable(),
    }),
  ),
  page_url: z.string(),
  referrer: z.string(),
  /** What the visitor agreed to: the policy link the form showed, and when (the lead's time). */
  consent: z.object({
    given: z.boolean(),
    at: timestampSchema.nullable(),
    policy_url: z.string().nullable(),
  }),
  status: z.enum(leadStatuses),
  note: z.string(),
  flags: z.array(z.enum(leadFlags)),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

/** The longest lead retention an account can set: ten years. */
export const LEAD_RETENTION_MAX_DAYS = 3650;

/**
 * `GET/PUT leads/retention/`: leads older than `days` are erased by the daily retention job
 * (docs/leads.md "Retention"); `null` keeps them until the owner erases them.
 */
export const leadRetentionSchema = z.object({
  days: z.int32().min(1).max(LEAD_RETENTION_MAX_DAYS).nullable(),
});
export type LeadRetention = z.infer<typeof leadRetentionSchema>;
