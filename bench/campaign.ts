import type { BenchDatabase } from "./support";

/**
 * Leads the typical quiz had before the load test (bench/README.md, "Lead submissions"):
 * a campaign's peak comes to a quiz that has leads already, in a table PostgreSQL has
 * analysed. On an empty, never analysed table PostgreSQL plans the lead's prepared
 * statement for a table of a few rows (a scan of the table costs less than an index there)
 * and keeps that generic plan while the table grows, until autovacuum analyses it, which
 * may take a minute: longer than the load test, not a state a real campaign runs in.
 */
export const EARLIER_LEADS = 10_000;

export async function seedEarlierLeads(database: BenchDatabase, quizId: number): Promise<void> {
  // Over the last 60 days, one in 40 with the typical lead's own contacts' shape (other
  // addresses and numbers), all with the quiz's project and owner.
  await database.query(
    `insert into leads (submission_id, quiz_id, project_id, user_id, publication_version,
       name, email, phone, created_at)
     select gen_random_uuid(), q.id, q.project_id, q.user_id, 1, 'Earlier visitor ' || g,
       'earlier' || g || '@example.com', '+380 67 ' || lpad(g::text, 7, '0'),
       now() - (g * interval '518 seconds')
     from generate_series(1, $2::int) g cross join quizzes q
     where q.id = $1
     order by g desc`,
    [quizId, EARLIER_LEADS],
  );
  await database.query("vacuum (analyze) leads");
  await database.query("analyze visitor_sessions");
}
