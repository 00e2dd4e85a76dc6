/**
 * The ceiling of the lead benchmark: a bare Fastify route that stores each posted lead
 * with exactly one INSERT through node-postgres, into a table shaped like `leads` (same
 * columns, unique submission_id, the quiz index; no foreign keys). No validation, no
 * engine, no rate limits, no logging: what this machine's Node + PostgreSQL can do at most
 * for the same request. Started by bench/run.ts:
 *
 *     CEILING_DATABASE_URL=postgres://… PORT=… tsx bench/ceiling-server.ts
 */
import Fastify from "fastify";
import pg from "pg";

const databaseUrl = process.env.CEILING_DATABASE_URL;
const port = Number(process.env.PORT ?? 0);
if (!databaseUrl) {
  process.stderr.write("CEILING_DATABASE_URL is required\n");
  process.exit(1);
}

/** The same pool size as the server's (apps/server/src/db/client.ts). */
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });

await pool.query(`
  create table if not exists bench_ceiling_leads (
    id serial primary key,
    submission_id uuid not null,
    quiz_id integer not null,
    project_id integer not null,
    user_id integer not null,
    publication_version integer not null,
    session_id uuid,
    source smallint not null default 0,
    name text not null default '',
    email text not null default '',
    phone text not null default '',
    messengers jsonb not null default '{}',
    other text not null default '',
    other2 text not null default '',
    answers jsonb not null default '[]',
    results jsonb not null default '[]',
    other_fields jsonb not null default '{}',
    utm jsonb not null default '{}',
    referrer text not null default '',
    page_url text not null default '',
    consent boolean not null default false,
    is_opened boolean not null default false,
    created_at timestamptz not null default now()
  );
  create unique index if not exists bench_ceiling_leads_submission_id_key
    on bench_ceiling_leads (submission_id);
  create index if not exists bench_ceiling_leads_quiz_idx on bench_ceiling_leads (quiz_id, id);
`);

interface Body {
  submission_id: string;
  session: string | null;
  version: number;
  answers: unknown;
  contacts: {
    name: string;
    email: string;
    phone: string;
    other: string;
    other2: string;
    messengers: unknown;
  };
  consent: boolean;
  utm: unknown;
  referrer: string;
  page_url: string;
  extra: unknown;
}

const app = Fastify({ logger: false });
app.get("/health", async () => ({ ok: true }));
app.post<{ Body: Body }>("/lead", async (request, reply) => {
  const b = request.body;
  const { rows } = await pool.query<{ id: number }>(
    `insert into bench_ceiling_leads (submission_id, quiz_id, project_id, user_id,
       publication_version, session_id, name, email, phone, messengers, other, other2, answers,
       other_fields, utm, referrer, page_url, consent)
     values ($1, 1, 1, 1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     on conflict (submission_id) do nothing
     returning id`,
    [
      b.submission_id,
      b.version,
      b.session,
      b.contacts.name,
      b.contacts.email,
      b.contacts.phone,
      JSON.stringify(b.contacts.messengers),
      b.contacts.other,
      b.contacts.other2,
      JSON.stringify(b.answers),
      JSON.stringify(b.extra),
      JSON.stringify(b.utm),
      b.referrer,
      b.page_url,
      b.consent,
    ],
  );
  return reply.status(201).send({ lead: rows[0]?.id ?? null });
});

const close = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.once("SIGTERM", () => void close());
process.once("SIGINT", () => void close());

await app.listen({ port, host: "127.0.0.1" });
