import {
  apiPaths,
  errorBodySchema,
  idParamsSchema,
  leadDetailSchema,
  leadExportQuerySchema,
  leadFiltersSchema,
  leadListPageSchema,
  leadListQuerySchema,
  leadOpenResponseSchema,
  leadOpenSchema,
  leadReleaseResultSchema,
  leadRetentionSchema,
  leadStatuses,
  leadUpdateResponseSchema,
  leadUpdateSchema,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import { translate } from "@leadquiz/i18n";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ApiOptions } from "../../app-context";
import { languageFromAcceptLanguage } from "../../lib/request-language";
import { authenticatedContext } from "../../plugins/authenticate";
import { EXPORT_FIXED_COLUMNS, type ExportLabels } from "./lead-export";
import { createLeadInboxService } from "./lead-inbox.service";
import { createLeadRetentionService } from "./lead-retention.service";

const tags = ["leads"];
const errors = { 401: errorBodySchema, 404: errorBodySchema };

/**
 * The owner's leads (docs/leads.md): GET leadslist/, POST update-lead-tariff/,
 * GET lead_answers/{id}/, PATCH/DELETE lead/{id}/, GET leads/export/, POST leads/release/,
 * GET/PUT leads/retention/ (operations `listLeads` … `exportLeads`, `releaseLeads`,
 * `getLeadRetention`, `setLeadRetention`). Every call is scoped to the caller's account.
 */
export async function leadInboxRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createLeadInboxService(context);
  const retention = createLeadRetentionService(context);

  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      apiPaths.leadsList,
      {
        schema: {
          tags,
          summary: "The account's leads, newest first, a page at a time",
          description:
            "Keyset pages: pass `next` back as `cursor` (no count). Contacts of a lead not yet " +
            "opened are masked (`J***`, `j***@example.com`, `+38 *** ** 12`). `search` matches " +
            "a fragment of the name, e-mail or phone of opened leads. `from`/`to` are days " +
            "(UTC, both included). Another account's project or quiz matches nothing.",
          querystring: leadListQuerySchema,
          response: { 200: leadListPageSchema, 400: validationErrorBodySchema, ...errors },
        },
      },
      async (request) => service.list(request.userId, request.query),
    );

    routes.post(
      apiPaths.leadOpen,
      {
        schema: {
          tags,
          summary: "Opens a lead (spends one request, once per lead)",
          description:
            "Shows the lead's contacts from now on. A lead takes one request of the " +
            "account's allowance the first time its contacts leave the product, by this call, " +
            "a delivery to an integration or REST hook, or an export; opening it after that " +
            "costs nothing. 403 `lead_limit` when no request is left (nothing changes).",
          body: leadOpenSchema,
          response: {
            200: leadOpenResponseSchema,
            400: validationErrorBodySchema,
            403: errorBodySchema,
            ...errors,
          },
        },
      },
      async (request) => service.open(request.userId, request.body.lead),
    );

    routes.get(
      apiPaths.leadAnswers(":id"),
      {
        schema: {
          tags,
          summary: "An opened lead's answers, contacts, fields, UTM and results",
          description:
            "Answers as the visitor saw them (question and answer texts of the version " +
            "answered), consent with the policy link the form showed. 403 `lead_not_opened` " +
            "before the lead is opened.",
          params: idParamsSchema,
          response: {
            200: leadDetailSchema,
            400: validationErrorBodySchema,
            403: errorBodySchema,
            ...errors,
          },
        },
      },
      async (request) => service.detail(request.userId, request.params.id),
    );

    routes.patch(
      apiPaths.leadById(":id"),
      {
        schema: {
          tags,
          summary: "Sets a lead's follow-up status and note",
          params: idParamsSchema,
          body: leadUpdateSchema,
          response: { 200: leadUpdateResponseSchema, 400: validationErrorBodySchema, ...errors },
        },
      },
      async (request) => service.update(request.userId, request.params.id, request.body),
    );

    routes.delete(
      apiPaths.leadById(":id"),
      {
        schema: {
          tags,
          summary: "Erases a lead's personal data for good",
          description:
            "Contacts, answers, fields, UTM, addresses and the note are erased and the lead " +
            "leaves the list; the quiz's lead and funnel counts stay.",
          params: idParamsSchema,
          response: {
            204: z.void().describe("No Content"),
            400: validationErrorBodySchema,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        await service.erase(request.userId, request.params.id);
        return reply.status(204).send();
      },
    );

    routes.get(
      apiPaths.leadRetention,
      {
        schema: {
          tags,
          summary: "The account's lead retention",
          description:
            "Leads older than `days` are erased by a daily job (like `DELETE lead/{id}/`); " +
            "`null` keeps them until erased by hand.",
          response: { 200: leadRetentionSchema, 401: errorBodySchema },
        },
      },
      async (request) => retention.get(request.userId),
    );

    routes.put(
      apiPaths.leadRetention,
      {
        schema: {
          tags,
          summary: "Sets the account's lead retention",
          description:
            "`days` from 1 to 3650, or `null` to keep leads. The next daily run (03:20 UTC) " +
            "erases the leads older than that, in every quiz of the account.",
          body: leadRetentionSchema,
          response: {
            200: leadRetentionSchema,
            400: validationErrorBodySchema,
            401: errorBodySchema,
          },
        },
      },
      async (request) => retention.set(request.userId, request.body),
    );

    routes.get(
      apiPaths.leadsExport,
      {
        schema: {
          tags,
          summary: "Exports the matching opened leads as CSV or XLSX",
          description:
            "Same filters as GET leadslist/. Streamed: CSV in UTF-8 with a BOM, or XLSX; one " +
            "column per question. Only opened leads are exported (POST leads/release/ opens " +
            "the unopened ones first, one request each). A cell starting with " +
            "`= + - @`, a tab or a carriage return is prefixed with `'`.",
          querystring: leadExportQuerySchema,
          response: {
            200: z.string().describe("The file (text/csv or XLSX)"),
            400: validationErrorBodySchema,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { format, ...rest } = request.query;
        const filters = leadFiltersSchema.parse(rest);
        const language = languageFromAcceptLanguage(request.headers["accept-language"]);
        const labels = Object.fromEntries(
          EXPORT_FIXED_COLUMNS.map((column) => [
            column,
            translate(language, `leads:exportColumns.${column}`),
          ]),
        ) as unknown as ExportLabels;
        const statusLabels = Object.fromEntries(
          leadStatuses.map((status) => [status, translate(language, `leads:status.${status}`)]),
        ) as Record<(typeof leadStatuses)[number], string>;
        const stream = await service.export(request.userId, filters, format, {
          labels,
          statusLabels,
        });
        const day = new Date().toISOString().slice(0, 10);
        return (
          reply
            .type(
              format === "csv"
                ? "text/csv; charset=utf-8"
                : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            )
            .header("content-disposition", `attachment; filename="leads-${day}.${format}"`)
            // A stream is sent as it is read (the response schema documents the file only).
            .send(stream as unknown as string)
        );
      },
    );

    routes.post(
      apiPaths.leadsRelease,
      {
        schema: {
          tags,
          summary: "Opens the matching unopened leads for an export, while requests last",
          description:
            'The export\'s explicit "take the contacts" step: with the filters of GET ' +
            "leadslist/, the matching leads not yet opened are opened, oldest first, one " +
            "request each, as long as requests are left; the rest stay masked (GET " +
            "leads/export/ leaves them out). A lead opened before, delivered or opened by any " +
            "other path costs nothing. `unopened_left`: some matching leads are still unopened.",
          body: leadFiltersSchema,
          response: { 200: leadReleaseResultSchema, 400: validationErrorBodySchema, ...errors },
        },
      },
      async (request) => service.release(request.userId, request.body),
    );
  });
}
