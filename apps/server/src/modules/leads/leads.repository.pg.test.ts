import { randomUUID } from "node:crypto";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { createLeadsHarness, type LeadsHarness } from "../../test-support/leads-fixtures";
import { storeLeads } from "./leads.repository";

/**
 * docs/speed.md "Prepared statements": the lead's statement is prepared once per connection,
 * and after PostgreSQL's five custom plans it runs on the generic plan, so a lead is bound
 * and executed, not planned. It did not before: the duplicate check's partial indexes
 * (`email <> ''`) could not be proven from a parameter, the generic plan scanned the quiz's
 * leads, and PostgreSQL planned every lead again. One connection here, to see its plans.
 */

let h: LeadsHarness;
let pool: pg.Pool;
let db: Database;
beforeAll(async () => {
  h = await createLeadsHarness();
  expect(h.t.database.kind).toBe("postgres");
  pool = new pg.Pool({ connectionString: h.t.config.databaseUrl, max: 1 });
  db = drizzle(pool) as unknown as Database;
});
afterAll(async () => {
  await pool?.end();
  await h?.close();
});

describe("storeLeads on PostgreSQL", () => {
  it("runs the lead's statement on a generic plan and still flags duplicates", async () => {
    const quiz = await h.publishedQuiz();
    const [row] = (
      await pool.query<{ project_id: number; user_id: number }>(
        "select project_id, user_id from quizzes where id = $1",
        [quiz.id],
      )
    ).rows;
    if (!row) throw new Error("no quiz row");
    // A quiz with a campaign behind it (PostgreSQL's statistics say so): there the generic
    // plan without the partial indexes costs far more than a custom plan.
    await pool.query(
      `insert into leads (submission_id, quiz_id, project_id, user_id, publication_version,
         email, phone, created_at)
       select gen_random_uuid(), $1, $2, $3, 1, 'earlier' || g || '@example.com',
         '+380 67 ' || g, now() - interval '40 days'
       from generate_series(1, 20000) g`,
      [quiz.id, row.project_id, row.user_id],
    );
    await pool.query("analyze leads");
    const store = async (email: string, phone: string) => {
      const [id] = await storeLeads(db, [
        {
          lead: {
            submissionId: randomUUID(),
            quizId: quiz.id,
            projectId: row.project_id,
            userId: row.user_id,
            publicationVersion: 1,
            session: null,
            email,
            phone,
            flags: [],
          },
          tooFastBelowSeconds: 3,
        },
      ]);
      return id ?? null;
    };
    const ids: number[] = [];
    for (let n = 0; n < 10; n += 1) {
      const id = await store(`visitor${n % 5}@example.com`, `+380 50 123 45 ${10 + n}`);
      if (id === null) throw new Error("a new lead was not stored");
      ids.push(id);
    }

    const plans = await pool.query<{ generic_plans: number; custom_plans: number }>(
      "select generic_plans::int, custom_plans::int from pg_prepared_statements where name like 'lq\\_%'",
    );
    expect(plans.rows).toEqual([{ generic_plans: 5, custom_plans: 5 }]);

    // The same answers on either plan: leads 6-10 repeat the e-mails of leads 1-5 (the
    // earlier leads are older than the 30 days of the duplicate window).
    const flags = await pool.query<{ id: number; flags: string[] }>(
      "select id, flags from leads where id = any($1) order by id",
      [ids],
    );
    expect(flags.rows.map((lead) => lead.flags.includes("duplicate"))).toEqual([
      ...Array<boolean>(5).fill(false),
      ...Array<boolean>(5).fill(true),
    ]);
  });
});
