import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { createLeadsHarness, type LeadsHarness } from "../../test-support/leads-fixtures";
import { type NewLead, storeLeads } from "./leads.repository";

/**
 * docs/leads.md "Storing a lead": under load several leads share one statement (group
 * commit, lead-writer.ts). Each lead of a batch must come out as if it had been stored
 * alone, one after the other. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let h: LeadsHarness;
let db: Database;
let owner: { quizId: number; projectId: number; userId: number };
beforeAll(async () => {
  h = await createLeadsHarness();
  db = h.t.database.db;
  const quiz = await h.publishedQuiz();
  const [row] = await rows<{ project_id: number; user_id: number }>(
    sql`select project_id, user_id from quizzes where id = ${quiz.id}`,
  );
  if (!row) throw new Error("no quiz row");
  owner = { quizId: quiz.id, projectId: row.project_id, userId: row.user_id };
  await db.execute(sql`create table also_written (lead_id int not null)`);
});
afterAll(async () => {
  await h?.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

function lead(overrides: Partial<NewLead> = {}): NewLead {
  return {
    submissionId: randomUUID(),
    quizId: owner.quizId,
    projectId: owner.projectId,
    userId: owner.userId,
    publicationVersion: 1,
    session: null,
    name: "Olena",
    email: `${randomUUID()}@example.com`,
    phone: "",
    answers: [{ question: 1, answers: [11], text: "House" }],
    flags: [],
    ...overrides,
  } as NewLead;
}

const batchOf = (leads: NewLead[], tooFastBelowSeconds = 3) =>
  leads.map((one) => ({ lead: one, tooFastBelowSeconds }));

const stored = (ids: (number | null)[]) =>
  rows<{ id: number; name: string; flags: string[]; is_opened: boolean; tx: string }>(
    sql`select id, name, flags, is_opened, xmin::text as tx from leads
      where id in (${sql.join(
        ids.filter((id): id is number => id !== null).map((id) => sql`${id}`),
        sql`, `,
      )}) order by id`,
  );

describe("storeLeads: a batch of leads in one statement", () => {
  it("stores every lead in one transaction and answers their ids in the batch's order", async () => {
    const batch = [lead({ name: "first" }), lead({ name: "second" }), lead({ name: "third" })];
    const ids = await storeLeads(db, batchOf(batch));
    expect(ids.every((id) => typeof id === "number")).toBe(true);
    const found = await stored(ids);
    expect(found.map((row) => row.name)).toEqual(["first", "second", "third"]);
    expect(found.map((row) => row.id)).toEqual(ids);
    expect(new Set(found.map((row) => row.tx)).size).toBe(1);
  });

  it("answers null for a submission_id stored before and stores the others", async () => {
    const earlier = lead({ name: "earlier" });
    const [earlierId] = await storeLeads(db, batchOf([earlier]));
    const again = { ...earlier, name: "replayed" };
    const ids = await storeLeads(db, batchOf([lead({ name: "new" }), again]));
    expect(ids[1]).toBeNull();
    expect(typeof ids[0]).toBe("number");
    const [kept] = await stored([earlierId ?? null]);
    expect(kept?.name).toBe("earlier");
  });

  it("flags a lead duplicate when an earlier lead of the same batch has its contact", async () => {
    const email = `${randomUUID()}@example.com`;
    const phone = `+38050${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
    const ids = await storeLeads(
      db,
      batchOf([
        lead({ email, name: "a" }),
        lead({ email: `${randomUUID()}@example.com`, name: "b" }),
        lead({ email, name: "c" }),
        lead({ email: `${randomUUID()}@example.com`, phone, name: "d" }),
        lead({ email: `${randomUUID()}@example.com`, phone, name: "e" }),
      ]),
    );
    const found = await stored(ids);
    expect(found.map((row) => [row.name, row.flags.includes("duplicate")])).toEqual([
      ["a", false],
      ["b", false],
      ["c", true],
      ["d", false],
      ["e", true],
    ]);
    // The next batch sees the stored ones.
    const [later] = await storeLeads(db, batchOf([lead({ email, name: "later" })]));
    const [row] = await stored([later ?? null]);
    expect(row?.flags).toContain("duplicate");
  });

  it("keeps each lead's own contact flags and judges too_fast by its own session", async () => {
    const [fresh] = await rows<{ id: string }>(
      sql`insert into visitor_sessions (quiz_id) values (${owner.quizId}) returning id`,
    );
    const [old] = await rows<{ id: string }>(
      sql`insert into visitor_sessions (quiz_id, created_at)
        values (${owner.quizId}, now() - interval '1 hour') returning id`,
    );
    const ids = await storeLeads(
      db,
      batchOf([
        lead({ session: fresh?.id ?? null, name: "fast", flags: ["invalid_phone"] }),
        lead({ session: old?.id ?? null, name: "slow" }),
        lead({ session: "not a session", name: "no session" }),
      ]),
    );
    const found = await stored(ids);
    expect(found.map((row) => [row.name, [...row.flags].sort()])).toEqual([
      ["fast", ["invalid_phone", "too_fast"]],
      ["slow", []],
      ["no session", []],
    ]);
  });

  it("replaces each session's partial lead, carrying over an opening", async () => {
    const sessions = await rows<{ id: string }>(
      sql`insert into visitor_sessions (quiz_id) select ${owner.quizId} from generate_series(1, 2)
        returning id`,
    );
    const [opened, closed] = sessions.map((session) => session.id);
    await db.execute(sql`insert into leads (submission_id, quiz_id, project_id, user_id,
        publication_version, session_id, is_partial, is_opened, opened_at, name)
      values (${opened}::uuid, ${owner.quizId}, ${owner.projectId}, ${owner.userId}, 1,
          ${opened}::uuid, true, true, now(), 'partial opened'),
        (${closed}::uuid, ${owner.quizId}, ${owner.projectId}, ${owner.userId}, 1,
          ${closed}::uuid, true, false, null, 'partial closed')`);
    const ids = await storeLeads(
      db,
      batchOf(
        [
          lead({ session: opened ?? null, name: "full of opened" }),
          lead({ session: closed ?? null, name: "full of closed" }),
        ],
        0,
      ),
    );
    const found = await stored(ids);
    expect(found.map((row) => [row.name, row.is_opened])).toEqual([
      ["full of opened", true],
      ["full of closed", false],
    ]);
    const partials = await rows<{ n: number }>(
      sql`select count(*)::int as n from leads where is_partial
        and session_id in (${opened}::uuid, ${closed}::uuid)`,
    );
    expect(partials[0]?.n).toBe(0);
  });

  it("writes the other write (the delivery outbox) for the new leads only", async () => {
    const earlier = lead();
    await storeLeads(db, batchOf([earlier]));
    const alsoWrite = (newLeads: ReturnType<typeof sql>) =>
      sql`insert into also_written (lead_id) select id from ${newLeads}`;
    const ids = await storeLeads(db, batchOf([lead(), earlier, lead()]), alsoWrite);
    const written = await rows<{ lead_id: number }>(
      sql`select lead_id from also_written order by lead_id`,
    );
    expect(written.map((row) => row.lead_id)).toEqual([ids[0], ids[2]]);
  });

  it("writes nothing of a batch whose statement fails", async () => {
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from leads`);
    await expect(
      storeLeads(db, batchOf([lead({ name: "fine" }), lead({ quizId: 2_000_000_000 })])),
    ).rejects.toThrow();
    const after = await rows<{ n: number }>(sql`select count(*)::int as n from leads`);
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});
