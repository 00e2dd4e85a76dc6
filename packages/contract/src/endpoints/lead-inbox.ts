import { z } from "zod";
import { errorBodySchema, validationErrorBodySchema } from "../errors";
import {
  leadDetailSchema,
  leadExportQuerySchema,
  leadFiltersSchema,
  leadLetThroughResultSchema,
  leadLetThroughSchema,
  leadListPageSchema,
  leadListQuerySchema,
  leadOpenResponseSchema,
  leadOpenSchema,
  leadOverRateSummarySchema,
  leadReleaseResultSchema,
  leadRetentionSchema,
  leadUpdateResponseSchema,
  leadUpdateSchema,
} from "../lead-inbox";
import { idParamsSchema } from "../quiz-common";
import { endpoint, noContentSchema } from "./endpoint";

const tags = ["leads"];

const errors = { 401: errorBodySchema, 404: errorBodySchema };

/** The operations of apps/server's lead-inbox.routes.ts (docs/api.md). */
export const leadInboxEndpoints = {
  listLeads: endpoint({
    method: "GET",
    path: "/leadslist/",
    operationId: "listLeads",
    tags,
    summary: "The account's leads, newest first, a page at a time",
    description:
      "Keyset pages: pass `next` back as `cursor` (no count). Contacts of a lead not yet " +
      "opened are masked (`J***`, `j***@example.com`, `+38 *** ** 12`). `search` matches " +
      "a fragment of the name, e-mail or phone of opened leads. `from`/`to` are days " +
      "(UTC, both included). Another account's project or quiz matches nothing.",
    query: leadListQuerySchema,
    responses: { 200: leadListPageSchema, 400: validationErrorBodySchema, ...errors },
  }),
  openLead: endpoint({
    method: "POST",
    path: "/update-lead-tariff/",
    operationId: "openLead",
    tags,
    summary: "Opens a lead (spends one request, once per lead)",
    description:
      "Shows the lead's contacts from now on. A lead takes one request of the " +
      "account's allowance the first time its contacts leave the product, by this call, " +
      "a delivery to an integration or REST hook, or an export; opening it after that " +
      "costs nothing. 403 `lead_limit` when no request is left (nothing changes).",
    body: leadOpenSchema,
    responses: {
      200: leadOpenResponseSchema,
      400: validationErrorBodySchema,
      403: errorBodySchema,
      ...errors,
    },
  }),
  getLeadAnswers: endpoint({
    method: "GET",
    path: "/lead_answers/{id}/",
    operationId: "getLeadAnswers",
    tags,
    summary: "An opened lead's answers, contacts, fields, UTM and results",
    description:
      "Answers as the visitor saw them (question and answer texts of the version " +
      "answered), consent with the policy link the form showed. 403 `lead_not_opened` " +
      "before the lead is opened.",
    params: idParamsSchema,
    responses: {
      200: leadDetailSchema,
      400: validationErrorBodySchema,
      403: errorBodySchema,
      ...errors,
    },
  }),
  updateLead: endpoint({
    method: "PATCH",
    path: "/lead/{id}/",
    operationId: "updateLead",
    tags,
    summary: "Sets a lead's follow-up status and note",
    params: idParamsSchema,
    body: leadUpdateSchema,
    responses: { 200: leadUpdateResponseSchema, 400: validationErrorBodySchema, ...errors },
  }),
  eraseLead: endpoint({
    method: "DELETE",
    path: "/lead/{id}/",
    operationId: "eraseLead",
    tags,
    summary: "Erases a lead's personal data for good",
    description:
      "Contacts, answers, fields, UTM, addresses and the note are erased and the lead " +
      "leaves the list; the quiz's lead and funnel counts stay.",
    params: idParamsSchema,
    responses: {
      204: noContentSchema,
      400: validationErrorBodySchema,
      ...errors,
    },
  }),
  getLeadRetention: endpoint({
    method: "GET",
    path: "/leads/retention/",
    operationId: "getLeadRetention",
    tags,
    summary: "The account's lead retention",
    description:
      "Leads older than `days` are erased by a daily job (like `DELETE lead/{id}/`); " +
      "`null` keeps them until erased by hand.",
    responses: { 200: leadRetentionSchema, 401: errorBodySchema },
  }),
  setLeadRetention: endpoint({
    method: "PUT",
    path: "/leads/retention/",
    operationId: "setLeadRetention",
    tags,
    summary: "Sets the account's lead retention",
    description:
      "`days` from 1 to 3650, or `null` to keep leads. The next daily run (03:20 UTC) " +
      "erases the leads older than that, in every quiz of the account.",
    body: leadRetentionSchema,
    responses: {
      200: leadRetentionSchema,
      400: validationErrorBodySchema,
      401: errorBodySchema,
    },
  }),
  exportLeads: endpoint({
    method: "GET",
    path: "/leads/export/",
    operationId: "exportLeads",
    tags,
    summary: "Exports the matching opened leads as CSV or XLSX",
    description:
      "Same filters as GET leadslist/. Streamed: CSV in UTF-8 with a BOM, or XLSX; one " +
      "column per question. Only opened leads are exported (POST leads/release/ opens " +
      "the unopened ones first, one request each). A cell starting with " +
      "`= + - @`, a tab or a carriage return is prefixed with `'`.",
    query: leadExportQuerySchema,
    responses: {
      200: z.string().describe("The file (text/csv or XLSX)"),
      400: validationErrorBodySchema,
      ...errors,
    },
  }),
  releaseLeads: endpoint({
    method: "POST",
    path: "/leads/release/",
    operationId: "releaseLeads",
    tags,
    summary: "Opens the matching unopened leads for an export, while requests last",
    description:
      'The export\'s explicit "take the contacts" step: with the filters of GET ' +
      "leadslist/, the matching leads not yet opened are opened, oldest first, one " +
      "request each, as long as requests are left; the rest stay masked (GET " +
      "leads/export/ leaves them out). A lead opened before, delivered or opened by any " +
      "other path costs nothing. `unopened_left`: some matching leads are still unopened.",
    body: leadFiltersSchema,
    responses: { 200: leadReleaseResultSchema, 400: validationErrorBodySchema, ...errors },
  }),
  getLeadOverRateSummary: endpoint({
    method: "GET",
    path: "/leads/over-rate/",
    operationId: "getLeadOverRateSummary",
    tags,
    summary: "How many leads came over the per-address rate, were held or refused",
    description:
      "`flagged`: leads flagged `over_rate` in the last `days` days (stored, listed, " +
      "filterable); `held`: leads of the account whose deliveries wait for the owner to " +
      "let them through (POST leads/let-through/); `refused`: leads answered 429 at " +
      "abuse-level volumes in the last `days` days, never stored (docs/leads.md).",
    responses: { 200: leadOverRateSummarySchema, 401: errorBodySchema },
  }),
  letLeadsThrough: endpoint({
    method: "POST",
    path: "/leads/let-through/",
    operationId: "letLeadsThrough",
    tags,
    summary: "Lets held leads through to their deliveries",
    description:
      "A lead stored over the per-address rate (flag `over_rate`) is not delivered until " +
      "let through. With `lead`, that lead (404 when not the caller's); without, every " +
      "held lead of the account. Each held delivery becomes due once: a second call, or " +
      "one racing it, finds nothing held and answers `let_through: 0`. The flag stays.",
    body: leadLetThroughSchema,
    responses: { 200: leadLetThroughResultSchema, 400: validationErrorBodySchema, ...errors },
  }),
} as const;
