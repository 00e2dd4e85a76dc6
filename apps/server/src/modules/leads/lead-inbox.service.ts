import type {
  LeadDetail,
  LeadFilters,
  LeadListItem,
  LeadListPage,
  LeadOpenResponse,
  LeadUpdate,
} from "@leadquiz/contract";
import type { Database } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { requestsLeft, requestsLeftSql, spendLeadRequest } from "../tariffs";
import { type ExportLabels, exportCsv, exportXlsx } from "./lead-export";
import { exportRowsCondition } from "./lead-export.repository";
import {
  eraseLead,
  findLeadDetail,
  findLeadRow,
  type LeadListRow,
  leadFilterCondition,
  listLeadPage,
  lockLead,
  markLeadOpened,
  openedOnly,
  ownsFilterTargets,
  updateLeadFollowUp,
} from "./lead-inbox.repository";
import { maskEmail, maskMessengers, maskName, maskPhone } from "./lead-mask";

export interface LeadPageQuery extends LeadFilters {
  cursor?: string | undefined;
  limit: number;
}

/** A row as the list shows it: contacts masked until the lead is opened. */
export function presentListItem(row: LeadListRow): LeadListItem {
  const open = row.isOpened;
  return {
    id: row.id,
    quiz: row.quizId,
    quiz_title: row.quizTitle,
    project: row.projectId,
    created_at: row.createdAt.toISOString(),
    source: row.source,
    is_opened: open,
    name: open ? row.name : maskName(row.name),
    email: open ? row.email : maskEmail(row.email),
    phone: open ? row.phone : maskPhone(row.phone),
    messengers: open ? row.messengers : maskMessengers(row.messengers),
    status: row.status,
    flags: row.flags,
    is_partial: row.isPartial,
  };
}

/** The cursor is the last id of a page, passed back as text (opaque to clients). */
function cursorId(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  const id = Number(cursor);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/**
 * The owner's leads (docs/leads.md): the list with masking, opening (one request of the
 * account's allowance, once per lead), the detail of an opened lead, follow-up and erasure.
 * Another account's lead answers 404 exactly like a missing one.
 */
export function createLeadInboxService(ctx: { db: Database }) {
  const { db } = ctx;

  /** The account's leads matching `filters`; another account's project, quiz or result: 404. */
  async function condition(userId: number, filters: LeadFilters) {
    if (!(await ownsFilterTargets(db, userId, filters))) throw new AppError("not_found");
    return leadFilterCondition(userId, filters);
  }

  return {
    async list(userId: number, query: LeadPageQuery): Promise<LeadListPage> {
      const { cursor, limit, ...filters } = query;
      const before = cursorId(cursor);
      // The allowance is read in the page's own statement (one round trip, docs/leads.md
      // "List"); an empty page reads it on its own.
      const rows =
        before === 0
          ? []
          : await listLeadPage(
              db,
              await condition(userId, filters),
              before,
              limit + 1,
              requestsLeftSql(userId),
            );
      const left = rows[0]?.extra ?? (await requestsLeft(db, userId));
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        next: rows.length > limit && last ? String(last.id) : null,
        results: page.map(presentListItem),
        requests_left: left,
      };
    },

    /**
     * `POST update-lead-tariff/`: in one transaction the lead's row is locked (a concurrent
     * opening of the same lead waits, then sees it opened and spends nothing), then one
     * request is spent with a conditional UPDATE of the allowance row (concurrent openings
     * of other leads queue on that row lock; the last request goes to one of them, the other
     * gets 403 `lead_limit` and its transaction rolls back).
     */
    async open(userId: number, leadId: number): Promise<LeadOpenResponse> {
      const left = await db.transaction(async (tx) => {
        const lead = await lockLead(tx, userId, leadId);
        if (!lead) throw new AppError("not_found");
        if (lead.isOpened) return requestsLeft(tx, userId);
        const after = await spendLeadRequest(tx, userId);
        if (after === null) throw new AppError("lead_limit");
        await markLeadOpened(tx, leadId);
        return after;
      });
      const row = await findLeadRow(db, userId, leadId);
      if (!row) throw new AppError("not_found");
      return { lead: presentListItem(row), requests_left: left };
    },

    async detail(userId: number, leadId: number): Promise<LeadDetail> {
      const row = await findLeadDetail(db, userId, leadId);
      if (!row) throw new AppError("not_found");
      if (!row.isOpened) throw new AppError("lead_not_opened");
      return {
        id: row.id,
        quiz: row.quizId,
        quiz_title: row.quizTitle,
        created_at: row.createdAt.toISOString(),
        contacts: {
          name: row.name,
          email: row.email,
          phone: row.phone,
          other: row.other,
          other2: row.other2,
          messengers: row.messengers,
        },
        answers: row.answers.map((a) => ({ question: a.question_title, answer: a.answer })),
        other_fields: row.otherFields,
        utm: row.utm,
        results: row.results,
        page_url: row.pageUrl,
        referrer: row.referrer,
        consent: {
          given: row.consent,
          at: row.consent ? row.createdAt.toISOString() : null,
          policy_url: row.consent ? (row.policyUrl ?? null) : null,
        },
        status: row.status,
        note: row.note,
        flags: row.flags,
      };
    },

    async update(userId: number, leadId: number, changes: LeadUpdate) {
      const row = await updateLeadFollowUp(db, userId, leadId, changes);
      if (!row) throw new AppError("not_found");
      return row;
    },

    /** The export stream of the matching opened leads (CSV or XLSX). */
    async export(
      userId: number,
      filters: LeadFilters,
      format: "csv" | "xlsx",
      texts: { labels: ExportLabels; statusLabels: Record<LeadListRow["status"], string> },
    ) {
      if (!(await ownsFilterTargets(db, userId, filters))) throw new AppError("not_found");
      // Project, quiz, status and dates are stored with each exported row; the other
      // filters are checked against `leads` (docs/leads.md "Export").
      const { kind, project, quiz, status, from, to, ...onLeads } = filters;
      const partial = kind === "partial";
      const selection = {
        userId,
        rows: exportRowsCondition(userId, partial, { project, quiz, status, from, to }),
        condition: openedOnly(leadFilterCondition(userId, { kind, ...onLeads })),
        narrowed: Object.values(onLeads).some((value) => value !== undefined),
      };
      const input = { db, selection, ...texts };
      return format === "csv" ? exportCsv(input) : exportXlsx(input);
    },

    async erase(userId: number, leadId: number): Promise<void> {
      if (!(await eraseLead(db, userId, leadId))) throw new AppError("not_found");
    },
  };
}
