import { randomUUID } from "node:crypto";
import type { LeadSubmission, PublicQuiz } from "@leadquiz/contract";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { branchingQuiz } from "../../../runtime/src/test/fixtures";
import { leads, quizEvents, quizPublications, quizzes, visitorSessions } from "../db/schema";
import { publicQuizLookupFor } from "../modules/visitor-sessions";
import { freshIp, registerUser, type TestUser } from "./api-client";
import { apiPaths } from "./api-paths";
import { createProject, createQuizIn } from "./quiz-fixtures";
import { createTestAppWithDatabase, type TestAppWithDatabase } from "./test-app";

/**
 * Fixtures of the visitor-call tests (client-sessions, events, leads). Owners, projects and
 * quizzes are made through the real API; publications are inserted directly, with the
 * runtime's `branchingQuiz` fixture as the snapshot (its ids are the snapshot's own: the
 * server checks a lead against the snapshot only).
 */

export interface PublishedQuiz {
  id: number;
  publicKey: string;
  owner: TestUser;
}

export interface LeadsHarness {
  t: TestAppWithDatabase;
  /** A POST below /api/v1 from `ip` (a fresh address by default). */
  post(
    url: string,
    body: unknown,
    options?: { ip?: string; language?: string; raw?: boolean },
  ): Promise<LightMyRequestResponse>;
  /** A new owner's quiz published with `snapshots` (versions 1, 2, … in order). */
  publishedQuiz(snapshots?: PublicQuiz[]): Promise<PublishedQuiz>;
  /** Adds the next snapshot version of a quiz. */
  publish(quiz: PublishedQuiz, snapshot: PublicQuiz): Promise<number>;
  /** Changes a quiz row behind the API's back (and forgets the cached lookups). */
  updateQuiz(quizId: number, changes: Partial<typeof quizzes.$inferInsert>): Promise<void>;
  /** A visitor's lead on the "house" path (`houseLead`), stored: answers its id. */
  submitLead(quiz: PublishedQuiz): Promise<number>;
  leadsOf(quizId: number): Promise<(typeof leads.$inferSelect)[]>;
  eventsOf(quizId: number): Promise<(typeof quizEvents.$inferSelect)[]>;
  sessionsOf(quizId: number): Promise<(typeof visitorSessions.$inferSelect)[]>;
  close(): Promise<void>;
}

export async function createLeadsHarness(env: Record<string, string> = {}): Promise<LeadsHarness> {
  const t = await createTestAppWithDatabase(env);
  const db = t.database.db;
  const harness: LeadsHarness = {
    t,
    post(url, body, options = {}) {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (options.language) headers["accept-language"] = options.language;
      return t.app.inject({
        method: "POST",
        url: `/api/v1${url}`,
        headers,
        remoteAddress: options.ip ?? freshIp(),
        payload: options.raw ? (body as string) : JSON.stringify(body),
      });
    },
    async publishedQuiz(snapshots = [branchingQuiz]) {
      const owner = await registerUser(t);
      const project = await createProject(t, owner);
      const id = await createQuizIn(t, owner, project, { title: "Renovation" });
      const [row] = await db
        .select({ publicKey: quizzes.publicKey })
        .from(quizzes)
        .where(eq(quizzes.id, id));
      if (!row) throw new Error("quiz not found");
      const quiz = { id, publicKey: row.publicKey, owner };
      for (const snapshot of snapshots) await harness.publish(quiz, snapshot);
      await db
        .update(quizzes)
        .set({ isPublished: true, publishedAt: new Date() })
        .where(eq(quizzes.id, id));
      return quiz;
    },
    async publish(quiz, snapshot) {
      const existing = await db
        .select({ version: quizPublications.version })
        .from(quizPublications)
        .where(eq(quizPublications.quizId, quiz.id));
      const version = existing.length + 1;
      await db.insert(quizPublications).values({
        quizId: quiz.id,
        version,
        draftVersion: 1,
        snapshot: { ...snapshot, public_key: quiz.publicKey, version },
      });
      publicQuizLookupFor(db).clear();
      return version;
    },
    async updateQuiz(quizId, changes) {
      await db.update(quizzes).set(changes).where(eq(quizzes.id, quizId));
      publicQuizLookupFor(db).clear();
    },
    async submitLead(quiz) {
      const response = await harness.post(apiPaths.publicQuizLead(quiz.publicKey), houseLead());
      if (response.statusCode !== 201) {
        throw new Error(`the lead was refused: ${response.statusCode} ${response.body}`);
      }
      return (response.json() as { lead: number }).lead;
    },
    leadsOf: (quizId) => db.select().from(leads).where(eq(leads.quizId, quizId)),
    eventsOf: (quizId) => db.select().from(quizEvents).where(eq(quizEvents.quizId, quizId)),
    sessionsOf: (quizId) =>
      db.select().from(visitorSessions).where(eq(visitorSessions.quizId, quizId)),
    close: () => t.close(),
  };
  return harness;
}

/**
 * A valid lead for `branchingQuiz` on the "house" path: House (100 points), garden 200 m²,
 * extras Painting and Plumbing (10 + 30): result 1 "House renovation" = 100 × 2 + 40 = 240.
 */
export function houseLead(overrides: Partial<LeadSubmission> = {}): LeadSubmission {
  return {
    submission_id: randomUUID(),
    session: null,
    version: 1,
    answers: [
      { question: 1, answers: [11] },
      { question: 2, value: 200 },
      { question: 4, answers: [41, 43] },
    ],
    contacts: {
      name: "Olena",
      email: "olena@example.com",
      phone: "+380501234567",
      other: "",
      other2: "",
      messengers: { telegram: "+380501234567" },
    },
    consent: true,
    utm: { utm_source: "google", utm_campaign: "spring" },
    referrer: "https://google.com/",
    page_url: "https://builder.example.com/?client_id=42&utm_source=google",
    extra: { client_id: "42", not_listed: "dropped" },
    website: "",
    ...overrides,
  };
}

/** The "flat" path: Flat (50), floor rating 3, no extras: result 2 sum 53 → "Budget". */
export function flatLead(overrides: Partial<LeadSubmission> = {}): LeadSubmission {
  return houseLead({
    answers: [
      { question: 1, answers: [12] },
      { question: 3, value: 3 },
    ],
    ...overrides,
  });
}
