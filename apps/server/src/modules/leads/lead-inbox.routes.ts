import {
  leadInboxEndpoints as endpoints,
  leadFiltersSchema,
  leadStatuses,
} from "@leadquiz/contract";
import { translate } from "@leadquiz/i18n";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { languageFromAcceptLanguage } from "../../lib/request-language";
import { authenticatedContext } from "../../plugins/authenticate";
import { defineRoute } from "../../plugins/define-route";
import { EXPORT_FIXED_COLUMNS, type ExportLabels } from "./lead-export";
import { createLeadInboxService } from "./lead-inbox.service";
import { createLeadRateService } from "./lead-rate.service";
import { createLeadRetentionService } from "./lead-retention.service";

/**
 * The owner's leads (docs/leads.md): GET leadslist/, POST update-lead-tariff/,
 * GET lead_answers/{id}/, PATCH/DELETE lead/{id}/, GET leads/export/, POST leads/release/,
 * GET/PUT leads/retention/, GET leads/over-rate/, POST leads/let-through/ (operations
 * `listLeads` … `exportLeads`, `releaseLeads`, `getLeadRetention`, `setLeadRetention`,
 * `getLeadOverRateSummary`, `letLeadsThrough`). Every call is scoped to the caller's account.
 */
export async function leadInboxRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createLeadInboxService(context);
  const retention = createLeadRetentionService(context);
  const rate = createLeadRateService(context);

  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    defineRoute(routes, endpoints.listLeads, async (request) =>
      service.list(request.userId, request.query),
    );

    defineRoute(routes, endpoints.openLead, async (request) =>
      service.open(request.userId, request.body.lead),
    );

    defineRoute(routes, endpoints.getLeadAnswers, async (request) =>
      service.detail(request.userId, request.params.id),
    );

    defineRoute(routes, endpoints.updateLead, async (request) =>
      service.update(request.userId, request.params.id, request.body),
    );

    defineRoute(routes, endpoints.eraseLead, async (request, reply) => {
      await service.erase(request.userId, request.params.id);
      return reply.status(204).send();
    });

    defineRoute(routes, endpoints.getLeadRetention, async (request) =>
      retention.get(request.userId),
    );

    defineRoute(routes, endpoints.setLeadRetention, async (request) =>
      retention.set(request.userId, request.body),
    );

    defineRoute(routes, endpoints.exportLeads, async (request, reply) => {
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
    });

    defineRoute(routes, endpoints.getLeadOverRateSummary, async (request) =>
      rate.summary(request.userId),
    );

    defineRoute(routes, endpoints.letLeadsThrough, async (request) =>
      rate.letThrough(request.userId, request.body.lead),
    );

    defineRoute(routes, endpoints.releaseLeads, async (request) =>
      service.release(request.userId, request.body),
    );
  });
}
