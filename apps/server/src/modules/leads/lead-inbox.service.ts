import type {
  LeadDetail,
  LeadFilters,
  LeadListItem,
  LeadListPage,
  LeadOpenResponse,
  LeadReleaseResult,
  LeadUpdate,
} from "@leadquiz/contract";
import type { Database } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { awaitingCountSql, resumeDeliveriesOfReleased } from "../delivery";
import {
  maskEmail,
  maskMessengers,
  maskName,
  maskPhone,
  releaseLeadContacts,
} from "../lead-contacts";
import { requestsLeft, requestsLeftSql } from "../tariffs";
import { type ExportLabels, exportCsv, exportXlsx } from "./lead-export";
import { exportRowsCondition } from "./lead-export.repository";
import {
  eraseLead,
  findLeadDetail,
  findLeadRow,
  type LeadListRow,
  leadFilterCondition,
  listLeadPage,
  openedOnly,
  ownsFilterTargets,
  readValues,
  unopenedLeadIds,
  updateLeadFollowUp,
} from "./lead-inbox.repository";

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

/** Leads one transaction of an export's release takes (docs/leads.md "Export"). */
const RELEASE_BATCH = 1000;

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
      // The allowance and the waiting deliveries are read in the page's own statement (one
      // round trip, docs/leads.md "List"); an empty page reads them on their own.
      const extra = { left: requestsLeftSql(userId), waiting: awaitingCountSql(userId) };
      const where = before === 0 ? null : await condition(userId, filters);
      const rows = where === null ? [] : await listLeadPage(db, where, before, limit + 1, extra);
      const counts = rows[0]?.extra ?? (await readValues(db, extra));
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        next: rows.length > limit && last ? String(last.id) : null,
        results: page.map(presentListItem),
        requests_left: counts.left,
        deliveries_waiting: counts.waiting,
      };
    },

    /**
     * `POST update-lead-tariff/`: releases the lead (lead-contacts' `releaseLeadContacts`:
     * one request the first time its contacts leave the product, by this or any other
     * path; nothing after). 403 `lead_limit` when none is left.
     */
    async open(userId: number, leadId: number): Promise<LeadOpenResponse> {
      const left = await db.transaction(async (tx) => {
        const release = await releaseLeadContacts(tx, userId, [leadId]);
        if (release.missing.length > 0) throw new AppError("not_found");
        if (release.released.length === 0) throw new AppError("lead_limit");
        await resumeDeliveriesOfReleased(tx, userId, release.released);
        return release.requestsLeft;
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

    /**
     * `POST leads/release/`: releases the matching leads not yet opened, for an export,
     * oldest first while requests last (docs/leads.md "Export"). In transactions of up to
     * 1000 leads; what is released stays released should a later one fail.
     */
    async release(userId: number, filters: LeadFilters): Promise<LeadReleaseResult> {
      const where = await condition(userId, filters);
      let released = 0;
      let left = await requestsLeft(db, userId);
      while (left > 0) {
        const ids = await unopenedLeadIds(db, where, Math.min(left, RELEASE_BATCH));
        if (ids.length === 0) break;
        const release = await db.transaction(async (tx) => {
          const done = await releaseLeadContacts(tx, userId, ids);
          await resumeDeliveriesOfReleased(tx, userId, done.released);
          return done;
        });
        released += release.taken;
        left = release.requestsLeft;
      }
      const [unopened] = await unopenedLeadIds(db, where, 1);
      return { released, unopened_left: unopened !== undefined, requests_left: left };
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
