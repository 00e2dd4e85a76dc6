import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * The database of the browser tests. The server runs on PostgreSQL whenever a PostgreSQL
 * server is reachable — at E2E_DATABASE_URL, else TEST_DATABASE_URL, else the local one of
 * the README (postgres://postgres@127.0.0.1:5432/test) — in a fresh `lq_e2e_<random>`
 * database created here and dropped after the run, so tests can read what the server
 * stored (`E2E_DB_URL`). `E2E_DATABASE_URL=pglite` (or no PostgreSQL) runs it on PGlite in
 * DATA_DIR; the tests that read the database then fail with a message saying so.
 */

export const LOCAL_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/test";

export interface E2eDatabase {
  /** DATABASE_URL for the server ("" = PGlite in DATA_DIR). */
  url: string;
  kind: "postgres" | "pglite";
  /** Why PGlite was used, when it was. */
  note: string;
  drop(): Promise<void>;
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function createE2eDatabase(): Promise<E2eDatabase> {
  const adminUrl =
    process.env.E2E_DATABASE_URL || process.env.TEST_DATABASE_URL || LOCAL_POSTGRES_URL;
  const pglite = (note: string): E2eDatabase => ({
    url: "",
    kind: "pglite",
    note,
    drop: async () => {},
  });
  if (adminUrl === "pglite") return pglite("E2E_DATABASE_URL=pglite");
  const name = `lq_e2e_${randomBytes(6).toString("hex")}`;
  try {
    await withClient(adminUrl, (client) => client.query(`create database ${name}`));
  } catch (error) {
    return pglite(`PostgreSQL at ${redact(adminUrl)} is not reachable (${String(error)})`);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    kind: "postgres",
    note: "",
    drop: () =>
      withClient(adminUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      ).then(() => undefined),
  };
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable URL)";
  }
}

/**
 * Runs `use` with a client of the database the e2e server writes to. Fails (never skips)
 * when the server runs on PGlite: its database lives inside the server process.
 */
export async function withServerDatabase<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = process.env.E2E_DB_URL;
  if (!url) {
    throw new Error(
      "This browser test reads the server's database, which needs PostgreSQL: start the local " +
        `PostgreSQL (${LOCAL_POSTGRES_URL}, see README "Test it") or set E2E_DATABASE_URL to a ` +
        `PostgreSQL server where a database may be created. Now: ${process.env.E2E_DB_NOTE ?? "PGlite"}.`,
    );
  }
  return withClient(url, use);
}

/** A stored lead as the tests read it (columns of `leads`). */
export interface LeadRow {
  id: number;
  submission_id: string;
  quiz_id: number;
  publication_version: number;
  name: string;
  email: string;
  phone: string;
  messengers: Record<string, string>;
  consent: boolean;
  answers: { question: number; question_title: string; answer: string; answer_ids?: number[] }[];
  results: { id: number; title: string; value: string | number | null; unit: string | null }[];
  utm: Record<string, string>;
  referrer: string;
  page_url: string;
  session_id: string | null;
}

/** The leads visitors sent to a quiz (partial ones left out, docs/leads.md), oldest first. */
export function leadsOfQuiz(quizId: number): Promise<LeadRow[]> {
  return withServerDatabase(async (client) => {
    const { rows } = await client.query<LeadRow>(
      `select id, submission_id, quiz_id, publication_version, name, email, phone, messengers,
              consent,
              answers, results, utm, referrer, page_url, session_id
         from leads where quiz_id = $1 and not is_partial order by id`,
      [quizId],
    );
    return rows;
  });
}
