import {
  LEAD_HONEYPOT_FIELD,
  type LeadResponse,
  type LeadSubmission,
  type PartialLead,
} from "@leadquiz/contract";
import { shownResults } from "@leadquiz/engine";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import { AppError, FieldErrors } from "../../lib/app-error";
import {
  type LeadRate,
  leadCounters,
  leadRateOf,
  leadRefused,
  type PublicQuizLookup,
  type VisitorCounters,
  type VisitorLimits,
} from "../visitor-sessions";
import { checkLead } from "./lead-check";
import { closedPastGrace } from "./lead-grace";
import { contactFlagsOf, tooFastBelowSeconds } from "./lead-quality";
import { countRefusal } from "./lead-rate.repository";
import { createLeadWriter } from "./lead-writer";
import { redirectUrl, resultsToShow, storedAnswers, storedResults } from "./leads.presenter";
import {
  type AlsoWrite,
  findLeadBySubmission,
  type StoredSubmission,
  upsertPartialLead,
} from "./leads.repository";

export interface LeadsServiceDeps {
  db: Database;
  log: FastifyBaseLogger;
  lookup: PublicQuizLookup;
  counters: VisitorCounters;
  /** Null: no limits (RATE_LIMIT_ENABLED=false). */
  limits: VisitorLimits | null;
  /** How long a hidden, deleted or tariff-ended quiz still takes leads (`leadGraceMs`). */
  graceMs: number;
  /** The clock of the grace rule (tests pass their own). */
  now?: () => Date;
  /**
   * Another write of the statement that stores new leads, given the new leads' row source
   * (the delivery outbox, docs/delivery.md; leads.repository.ts `storeLeads`).
   */
  alsoWrite?: AlsoWrite;
}

export interface SubmitLeadInput {
  publicKey: string;
  submission: LeadSubmission;
  ip: string;
}

export interface SubmitLeadOutcome {
  response: LeadResponse;
  /** The submission_id was stored before: the response is the first one's. */
  replayed: boolean;
}

/**
 * The id a lead that is answered but not stored gets: a filled honeypot, or a lead of a
 * template's visitor (docs/templates.md "Visitors of a template").
 */
const NOT_STORED_LEAD_ID = 0;
/** At most this many UTM and hidden-field entries are stored. */
const MAX_STORED_ENTRIES = 50;

/**
 * The answer to a submission already stored: its lead and the results and redirect its
 * publication gave (a submission_id of another quiz: 400 `submission_id`).
 */
async function replayOf(
  lookup: LeadsServiceDeps["lookup"],
  stored: StoredSubmission,
  quizId: number,
): Promise<SubmitLeadOutcome> {
  if (stored.quizId !== quizId) throw new FieldErrors({ submission_id: ["invalid_value"] });
  const snapshot = await lookup.snapshot(stored.quizId, stored.publicationVersion);
  return {
    replayed: true,
    response: {
      lead: stored.id,
      results: snapshot ? resultsToShow(snapshot, stored.results) : [],
      redirect_url: snapshot ? redirectUrl(snapshot) : null,
    },
  };
}

/**
 * The lead rate of the address: `ok` or `flag`; over the abuse level the answer to a stored
 * submission_id (`replay`), else the refusal is counted for the owner and thrown.
 */
async function rateOf(
  deps: LeadsServiceDeps,
  quiz: { id: number; userId: number; rehearsal: boolean },
  submissionId: string,
  ip: string,
): Promise<LeadRate | { kind: "replay"; outcome: SubmitLeadOutcome }> {
  const { db, counters, limits, log, lookup } = deps;
  if (!limits) return { kind: "ok" };
  const rate = await leadRateOf(counters, limits, ip, quiz.id);
  if (rate.kind !== "refuse") return rate;
  const stored = await findLeadBySubmission(db, submissionId);
  if (stored) return { kind: "replay", outcome: await replayOf(lookup, stored, quiz.id) };
  if (!quiz.rehearsal) await countRefusal(db, quiz.id, quiz.userId);
  log.info({ quiz: quiz.id }, "lead refused at an abuse-level rate of its address");
  throw leadRefused(counters, rate.rule);
}

/**
 * `POST public/quiz/{public_key}/lead/`:
 *
 * 1. The quiz must have been published (404 otherwise). Hidden, deleted or its owner's
 *    tariff ended, it still takes leads for the grace period after, then answers 410
 *    `quiz_closed` (lead-grace.ts).
 * 2. Lead rates of the address (visitor-limits.ts): over the flagged rate the lead is stored
 *    with the flag `over_rate` and its deliveries held until the owner lets it through; over
 *    the abuse-level rate a replay of a stored submission_id is still answered, anything else
 *    gets 429 `rate_limited` ("lead_refused") and is counted for the owner's notice
 *    (docs/leads.md "Leads over the per-address rate").
 * 3. The submission is checked against the snapshot of the version it names: any published
 *    version of the quiz, not only the latest, so a visitor who started before the owner
 *    republished keeps their lead (400 `version` for a version that never existed).
 * 4. The results are recomputed with the engine from the checked answers (what the client
 *    computed is not read).
 * 5. Honeypot filled: answered exactly like a stored lead (201, computed results, lead id 0)
 *    but nothing is stored; logged at info. A template of the catalogue is answered the
 *    same way, silently (docs/templates.md "Visitors of a template").
 * 6. Stored in one statement keyed by submission_id, with its quality flags, the removal of
 *    its session's partial lead and its delivery outbox rows (one round trip, committed
 *    before the 201; under load the leads that arrive meanwhile share the statement, group
 *    commit: lead-writer.ts); a repeat (sequential or concurrent) stores nothing and
 *    answers the first lead's id and results (201 as the first time).
 *    A submission_id stored for another quiz: 400 `submission_id`.
 */
export function createLeadsService(deps: LeadsServiceDeps) {
  const { db, log, lookup, counters, limits, alsoWrite, graceMs } = deps;
  const now = deps.now ?? (() => new Date());
  const writer = createLeadWriter(db, alsoWrite);

  /** The quiz of a lead call: 404 for an unknown key, 410 once closed past the grace. */
  async function quizTakingLeads(publicKey: string) {
    const quiz = await lookup.leadQuiz(publicKey);
    if (!quiz) throw new AppError("not_found");
    return { quiz, closed: closedPastGrace(quiz, now(), graceMs) };
  }

  const replay = (stored: StoredSubmission, quizId: number) => replayOf(lookup, stored, quizId);

  return {
    /** Waits for the leads being stored (on shutdown: none is cut off mid-write). */
    drain: () => writer.drain(),

    async submit({ publicKey, submission, ip }: SubmitLeadInput): Promise<SubmitLeadOutcome> {
      const { quiz, closed } = await quizTakingLeads(publicKey);
      if (closed) {
        // A lead stored within the grace whose answer was lost is still answered as stored.
        const stored = await findLeadBySubmission(db, submission.submission_id);
        if (stored) return replay(stored, quiz.id);
        throw closed;
      }

      const rate = await rateOf(deps, quiz, submission.submission_id, ip);
      if (rate.kind === "replay") return rate.outcome;
      const version = submission.version ?? quiz.latestVersion;
      const snapshot = await lookup.snapshot(quiz.id, version);
      if (!snapshot) throw new FieldErrors({ version: ["invalid_value"] });
      const checked = checkLead(snapshot, submission);
      const results = storedResults(shownResults(snapshot, checked.answers));
      const shown = {
        results: resultsToShow(snapshot, results),
        redirect_url: redirectUrl(snapshot),
      };
      const count = async () => {
        if (limits) await counters.add(leadCounters(limits, ip, quiz.id));
      };

      const honeypot = (submission[LEAD_HONEYPOT_FIELD] ?? "").trim() !== "";
      if (honeypot) {
        log.info(
          { quiz: quiz.id, submission: submission.submission_id },
          "lead honeypot filled; answered as stored, not stored",
        );
      }
      if (honeypot || quiz.rehearsal) {
        await count();
        return { replayed: false, response: { lead: NOT_STORED_LEAD_ID, ...shown } };
      }

      const { contacts } = checked;
      const answers = storedAnswers(snapshot, checked.answers);
      const lead = {
        submissionId: submission.submission_id,
        quizId: quiz.id,
        projectId: quiz.projectId,
        userId: quiz.userId,
        publicationVersion: version,
        session: submission.session,
        name: contacts.name,
        email: contacts.email,
        phone: contacts.phone,
        messengers: contacts.messengers,
        other: contacts.other,
        other2: contacts.other2,
        answers,
        results,
        otherFields: otherFields(snapshot.hidden_fields, submission.extra),
        utm: bounded(submission.utm),
        referrer: submission.referrer,
        pageUrl: submission.page_url,
        consent: submission.consent,
        flags:
          rate.kind === "flag"
            ? [...contactFlagsOf(contacts), "over_rate" as const]
            : contactFlagsOf(contacts),
      };
      const id = await writer.add({
        lead,
        tooFastBelowSeconds: tooFastBelowSeconds(answers.length),
      });
      if (id === null) {
        const stored = await findLeadBySubmission(db, submission.submission_id);
        if (!stored) throw new Error("lead conflict without a stored lead");
        return replay(stored, quiz.id);
      }
      await count();
      return { replayed: false, response: { lead: id, ...shown } };
    },

    /**
     * `POST public/quiz/{public_key}/partial-lead/` (docs/leads.md "Partial leads"): the
     * answers are checked like a lead's (400 per field), nothing is required, contacts are
     * kept only with consent and only when valid. Stored under the visitor session, the
     * latest report replacing the earlier; nothing once the session sent its full lead, nor
     * for a template.
     */
    async submitPartial(publicKey: string, partial: PartialLead): Promise<void> {
      const { quiz, closed } = await quizTakingLeads(publicKey);
      if (closed) throw closed;
      const version = partial.version ?? quiz.latestVersion;
      const snapshot = await lookup.snapshot(quiz.id, version);
      if (!snapshot) throw new FieldErrors({ version: ["invalid_value"] });
      const checked = checkLead(snapshot, partial, "partial");
      if (quiz.rehearsal) return;
      const answers = storedAnswers(snapshot, checked.answers);
      const { contacts } = checked;
      const typed = Object.values(contacts).some((v) => typeof v === "string" && v !== "");
      if (answers.length === 0 && !typed) return;
      await upsertPartialLead(db, {
        quizId: quiz.id,
        projectId: quiz.projectId,
        userId: quiz.userId,
        publicationVersion: version,
        session: partial.session,
        name: contacts.name,
        email: contacts.email,
        phone: contacts.phone,
        messengers: contacts.messengers,
        other: contacts.other,
        other2: contacts.other2,
        answers,
        results: storedResults(shownResults(snapshot, checked.answers)),
        otherFields: otherFields(snapshot.hidden_fields, partial.extra),
        utm: bounded(partial.utm),
        referrer: partial.referrer,
        pageUrl: partial.page_url,
        consent: partial.consent,
      });
    },
  };
}

/**
 * Hidden fields: only the names the snapshot lists (`hidden_fields`); a snapshot without
 * the list (none was ever published without it, but old rows are JSON) keeps what was sent.
 */
function otherFields(
  names: readonly string[] | undefined,
  extra: Record<string, string>,
): Record<string, string> {
  if (!Array.isArray(names)) return bounded(extra);
  const allowed = new Set(names);
  return bounded(Object.fromEntries(Object.entries(extra).filter(([name]) => allowed.has(name))));
}

function bounded(entries: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(entries).slice(0, MAX_STORED_ENTRIES));
}
