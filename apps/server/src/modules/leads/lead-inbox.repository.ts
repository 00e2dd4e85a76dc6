import type { Readable } from "node:stream";
import type { LeadFilters } from "@leadquiz/contract";
import { and, desc, eq, isNull, lt, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import type { Database, DbOrTx } from "../../db/client";
import { leads, projects, quizPublications, quizzes } from "../../db/schema";

/**
 * SQL of the owner's leads (docs/leads.md). Every query is scoped by `leads.user_id`: another
 * account's leads, projects or quizzes simply match nothing. Erased leads are left out.
 */

const listColumns = {
  id: leads.id,
  quizId: leads.quizId,
  quizTitle: quizzes.title,
  projectId: leads.projectId,
  createdAt: leads.createdAt,
  source: leads.source,
  isOpened: leads.isOpened,
  name: leads.name,
  email: leads.email,
  phone: leads.phone,
  messengers: leads.messengers,
  status: leads.status,
  flags: leads.flags,
  isPartial: leads.isPartial,
};

export type LeadListRow = {
  [K in keyof typeof listColumns]: (typeof listColumns)[K]["_"]["data"];
};

function likeFragment(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Search: a fragment of the name, the e-mail or the phone (digits compared without spaces
 * and signs), matched on opened leads only so masked contacts cannot be guessed by search.
 */
function searchCondition(search: string): SQL {
  const text = likeFragment(search.toLowerCase());
  const digits = search.replace(/\D/g, "");
  const phone =
    digits.length > 0
      ? sql`regexp_replace(${leads.phone}, '[^0-9]', '', 'g') like ${likeFragment(digits)}`
      : sql`false`;
  return sql`(${leads.isOpened} and (lower(${leads.name}) like ${text}
    or lower(${leads.email}) like ${text} or ${phone}))`;
}

/** The list filters as one condition, always scoped to the account and live (not erased) leads. */
export function leadFilterCondition(userId: number, filters: LeadFilters): SQL {
  const conditions: SQL[] = [
    eq(leads.userId, userId),
    isNull(leads.erasedAt),
    eq(leads.isPartial, filters.kind === "partial"),
  ];
  if (filters.project !== undefined) conditions.push(eq(leads.projectId, filters.project));
  if (filters.quiz !== undefined) conditions.push(eq(leads.quizId, filters.quiz));
  if (filters.search) conditions.push(searchCondition(filters.search));
  if (filters.from) conditions.push(sql`${leads.createdAt} >= ${filters.from}::date`);
  if (filters.to) conditions.push(sql`${leads.createdAt} < ${filters.to}::date + 1`);
  if (filters.result !== undefined) {
    conditions.push(sql`${leads.results} @> ${JSON.stringify([{ id: filters.result }])}::jsonb`);
  }
  if (filters.utm_source)
    conditions.push(sql`${leads.utm} ->> 'utm_source' = ${filters.utm_source}`);
  if (filters.status) conditions.push(eq(leads.status, filters.status));
  if (filters.flag) conditions.push(sql`${filters.flag} = any(${leads.flags})`);
  return sql`(${sql.join(conditions, sql` and `)})`;
}

/** The account's live (not erased) lead `id`, sent or partial. */
function ownedLead(userId: number, id: number): SQL {
  return sql`(${leads.userId} = ${userId} and ${leads.erasedAt} is null and ${leads.id} = ${id})`;
}

/**
 * Whether the project and quiz a filter names are the account's (deleted ones included:
 * their leads stay listed).
 */
export async function ownsFilterTargets(
  db: DbOrTx,
  userId: number,
  targets: { project?: number | undefined; quiz?: number | undefined },
): Promise<boolean> {
  if (targets.project !== undefined) {
    const rows = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, targets.project), eq(projects.userId, userId)));
    if (rows.length === 0) return false;
  }
  if (targets.quiz !== undefined) {
    const rows = await db
      .select({ id: quizzes.id })
      .from(quizzes)
      .where(and(eq(quizzes.id, targets.quiz), eq(quizzes.userId, userId)));
    if (rows.length === 0) return false;
  }
  return true;
}

/** The condition narrowed to opened leads (the export shows contacts of opened leads only). */
export function openedOnly(condition: SQL): SQL {
  return sql`(${condition} and ${leads.isOpened})`;
}

/**
 * One keyset page, newest first: ids below `before` (the previous page's last id), at most
 * `limit` rows (leads_user_idx walks the account's ids backwards; no OFFSET, no count).
 */
export async function listLeadPage(
  db: DbOrTx,
  condition: SQL,
  before: number | null,
  limit: number,
): Promise<LeadListRow[]> {
  return db
    .select(listColumns)
    .from(leads)
    .innerJoin(quizzes, eq(quizzes.id, leads.quizId))
    .where(before === null ? condition : and(condition, lt(leads.id, before)))
    .orderBy(desc(leads.id))
    .limit(limit);
}

export async function findLeadRow(
  db: DbOrTx,
  userId: number,
  id: number,
): Promise<LeadListRow | undefined> {
  const rows = await db
    .select(listColumns)
    .from(leads)
    .innerJoin(quizzes, eq(quizzes.id, leads.quizId))
    .where(ownedLead(userId, id))
    .limit(1);
  return rows[0];
}

/** Locks the account's live lead `id` for the transaction; answers whether it is opened. */
export async function lockLead(
  tx: DbOrTx,
  userId: number,
  id: number,
): Promise<{ isOpened: boolean } | undefined> {
  const rows = await tx
    .select({ isOpened: leads.isOpened })
    .from(leads)
    .where(ownedLead(userId, id))
    .for("update");
  return rows[0];
}

export async function markLeadOpened(tx: DbOrTx, id: number): Promise<void> {
  await tx.update(leads).set({ isOpened: true, openedAt: new Date() }).where(eq(leads.id, id));
}

export async function findLeadDetail(db: DbOrTx, userId: number, id: number) {
  const rows = await db
    .select({
      id: leads.id,
      quizId: leads.quizId,
      quizTitle: quizzes.title,
      createdAt: leads.createdAt,
      isOpened: leads.isOpened,
      name: leads.name,
      email: leads.email,
      phone: leads.phone,
      other: leads.other,
      other2: leads.other2,
      messengers: leads.messengers,
      answers: leads.answers,
      otherFields: leads.otherFields,
      utm: leads.utm,
      results: leads.results,
      pageUrl: leads.pageUrl,
      referrer: leads.referrer,
      consent: leads.consent,
      status: leads.status,
      note: leads.note,
      flags: leads.flags,
      policyUrl: sql<
        string | null
      >`(select ${quizPublications.snapshot} -> 'contact_form' ->> 'privacy_policy_url'
        from ${quizPublications} where ${quizPublications.quizId} = ${leads.quizId}
        and ${quizPublications.version} = ${leads.publicationVersion})`,
    })
    .from(leads)
    .innerJoin(quizzes, eq(quizzes.id, leads.quizId))
    .where(ownedLead(userId, id))
    .limit(1);
  return rows[0];
}

export type LeadDetailRow = NonNullable<Awaited<ReturnType<typeof findLeadDetail>>>;

export async function updateLeadFollowUp(
  db: DbOrTx,
  userId: number,
  id: number,
  changes: { status?: LeadListRow["status"] | undefined; note?: string | undefined },
): Promise<{ id: number; status: LeadListRow["status"]; note: string } | undefined> {
  const rows = await db
    .update(leads)
    // An empty change still answers the row: status set to itself.
    .set({ ...changes, status: changes.status ?? sql`${leads.status}` })
    .where(ownedLead(userId, id))
    .returning({ id: leads.id, status: leads.status, note: leads.note });
  return rows[0];
}

/**
 * What erasing leaves of a lead: contacts, answers, fields, UTM, addresses and note blanked,
 * the session link dropped. The row stays (quiz, time, results) so the funnel and lead
 * counts do not change. Shared by the owner's erasure and the retention job.
 */
export function erasedLeadValues() {
  return {
    name: "",
    email: "",
    phone: "",
    other: "",
    other2: "",
    messengers: {},
    answers: [],
    otherFields: {},
    utm: {},
    referrer: "",
    pageUrl: "",
    note: "",
    sessionId: null,
    erasedAt: new Date(),
  };
}

/** Erases a lead's personal data for good (`erasedLeadValues`). */
export async function eraseLead(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(leads)
    .set(erasedLeadValues())
    .where(ownedLead(userId, id))
    .returning({ id: leads.id });
  return rows.length > 0;
}

/**
 * The export (docs/leads.md "Export"): each lead becomes one finished line (CSV) or `<row>`
 * (XLSX) in SQL, so the server only forwards bytes. On PostgreSQL the lines come through
 * `COPY (…) TO STDOUT (FORMAT binary)` on one connection: no per-row objects, no text
 * decoding, only the length prefixes stripped. PGlite (no COPY stream) reads the same
 * SELECT in keyset batches.
 */

/** One question column: its header and the question ids whose answers it holds. */
export interface ExportQuestionColumn {
  title: string;
  questions: number[];
}

/** What a line is built from, all of it known before the first row. */
export interface ExportLayout {
  format: "csv" | "xlsx";
  /** Status labels in the owner's language, by status. */
  statusLabels: Record<LeadListRow["status"], string>;
  questions: readonly ExportQuestionColumn[];
}

/** `A`, `B`, … `Z`, `AA` … : the column letters of a cell reference. */
export function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** CSV cells quoted: separators (`,` and Excel's `;`), quotes and line breaks. */
const CSV_SPECIAL_RE = '[",\\r\\n;]';
/** XML markup and the characters XML 1.0 refuses (those are dropped). */
const XML_SPECIAL_RE = "[&<>\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\uFFFE\\uFFFF]";
const XML_FORBIDDEN = `${Array.from({ length: 31 }, (_, i) => i + 1)
  .filter((code) => code !== 9 && code !== 10 && code !== 13)
  .map((code) => String.fromCharCode(code))
  .join("")}\uFFFE\uFFFF`;

/** A regular expression as an SQL literal (constants above: no quote in them). */
const re = (pattern: string) => sql.raw(`'${pattern}'`);

/**
 * The value of the plain column `x` with a leading `'` before a formula start (= + - @, tab,
 * CR: 61, 43, 45, 64, 9, 13). `ascii()` reads the first character only: cheaper than a match.
 */
function neutralised(x: SQL): SQL {
  return sql`case when ascii(${x}) in (61, 43, 45, 64, 9, 13) then '''' || ${x} else ${x} end`;
}

/** A CSV field from the text column `x` (never null): neutralised, then quoted if needed. */
function csvField(x: SQL): SQL {
  return sql`case when ${x} ~ ${re(CSV_SPECIAL_RE)}
    then '"' || replace(${neutralised(x)}, '"', '""') || '"' else ${neutralised(x)} end`;
}

/** An XLSX inline-string cell in `column` of row `rn`, nothing for an empty value. */
function xlsxCell(x: SQL, column: string): SQL {
  const text = sql`case when ${x} !~ ${re(XML_SPECIAL_RE)} then ${neutralised(x)}
    else translate(replace(replace(replace(${neutralised(x)}, '&', '&amp;'), '<', '&lt;'),
      '>', '&gt;'), ${XML_FORBIDDEN}::text, '') end`;
  return sql`case when ${x} = '' then '' else ${sql.raw(`'<c r="${column}'`)} || s.rn
    || '" t="inlineStr"><is><t xml:space="preserve">' || ${text} || '</t></is></c>' end`;
}

/** The export's fixed columns, in order (`s.<name>` in the query); the questions follow. */
export const EXPORT_FIXED_COLUMNS = [
  "id",
  "date",
  "quiz",
  "name",
  "email",
  "phone",
  "messengers",
  "other",
  "other2",
  "status",
  "flags",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "results",
  "note",
] as const;

/** "Title: value unit" of a stored result (`StoredLeadResult`), the title alone without a value. */
function resultText(r: SQL): SQL {
  return sql`coalesce(${r} ->> 'title', '') || case when coalesce(${r} -> 'value', 'null') = 'null'
    then '' else ': ' || (${r} ->> 'value') || case when coalesce(${r} ->> 'unit', '') = ''
    then '' else ' ' || (${r} ->> 'unit') end end`;
}

/**
 * The export SELECT: an inner query reads each lead's values once (fenced by `offset 0`,
 * so the formatting does not compute them again per use), the outer one writes the line.
 * Keyset like the list: ids below `before`, newest first; XLSX rows are numbered from
 * `rowsBefore + 2` (row 1 is the header).
 */
export function exportLinesQuery(
  condition: SQL,
  layout: ExportLayout,
  page: { before: number | null; limit: number | null; rowsBefore: number },
): SQL {
  const where =
    page.before === null ? condition : sql`${condition} and ${leads.id} < ${page.before}`;
  const status = sql`case ${leads.status} ${sql.join(
    Object.entries(layout.statusLabels).map(
      ([value, label]) => sql`when ${value} then ${label}::text`,
    ),
    sql` `,
  )} else ${leads.status}::text end`;
  const questionValues = layout.questions.map((column, i) => {
    const ids = column.questions.map((id) => `@.question == ${id}`).join(" || ");
    // The last answer of the column's questions wins (one cell holds one).
    return sql`coalesce(jsonb_path_query_array(${leads.answers}, ${`$[*] ? (${ids}).answer`}::jsonpath)
      ->> -1, '') as ${sql.raw(`q${i}`)}`;
  });
  const names = [...EXPORT_FIXED_COLUMNS, ...layout.questions.map((_, i) => `q${i}`)];
  const csv = layout.format === "csv";
  // The id and the ISO date never need quoting, escaping or neutralising.
  const free = names.filter((name) => name !== "id" && name !== "date");
  const cells = (careful: boolean) =>
    names.map((name, i) => {
      const x = sql.raw(`s.${name}`);
      const plain = name === "id" || name === "date";
      if (csv) return plain ? sql`${x}::text` : careful ? csvField(x) : neutralised(x);
      if (careful && !plain) return xlsxCell(x, columnName(i));
      const cell = sql`${sql.raw(`'<c r="${columnName(i)}'`)} || s.rn
        || '" t="inlineStr"><is><t xml:space="preserve">' || ${plain ? x : neutralised(x)}
        || '</t></is></c>'`;
      return plain ? cell : sql`case when ${x} = '' then '' else ${cell} end`;
    });
  const join = (parts: SQL[]) =>
    csv
      ? sql`${sql.join(parts, sql` || ',' || `)} || ${"\r\n"}::text`
      : sql`'<row r="' || s.rn || '">' || ${sql.join(parts, sql` || `)} || '</row>'`;
  // One match per row over all its free-text cells, joined by a character that needs no
  // care itself: most rows need no quoting or escaping and get the plain line (formula
  // starts are neutralised in both); the others are written cell by cell with care.
  const needsCare = sql`concat_ws(${sql.raw(csv ? "chr(1)" : "chr(10)")}, ${sql.join(
    free.map((name) => sql.raw(`s.${name}`)),
    sql`, `,
  )}) ~ ${re(csv ? CSV_SPECIAL_RE : XML_SPECIAL_RE)}`;
  const line = sql`case when ${needsCare} then ${join(cells(true))} else ${join(cells(false))} end`;
  return sql`select s.id, ${line} as line from (
    select ${leads.id} as id,
      ${
        // CSV has no row numbers: without the window the planner may read the partial index
        // and sort instead of walking the whole primary key in order.
        layout.format === "xlsx"
          ? sql`row_number() over (order by ${leads.id} desc) + ${page.rowsBefore + 1}::int as rn,`
          : sql``
      }
      to_char(${leads.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date,
      ${quizzes.title} as quiz, ${leads.name} as name, ${leads.email} as email,
      ${leads.phone} as phone,
      case when ${leads.messengers} = '{}'::jsonb then '' else coalesce((select
        string_agg(m.key || ': ' || m.value, '; ') from jsonb_each_text(${leads.messengers}) as m),
        '') end as messengers,
      ${leads.other} as other, ${leads.other2} as other2, ${status} as status,
      array_to_string(${leads.flags}, ', ') as flags,
      coalesce(${leads.utm} ->> 'utm_source', '') as utm_source,
      coalesce(${leads.utm} ->> 'utm_medium', '') as utm_medium,
      coalesce(${leads.utm} ->> 'utm_campaign', '') as utm_campaign,
      case when ${leads.results} = '[]'::jsonb then ''
        when jsonb_array_length(${leads.results}) = 1 then ${resultText(sql`(${leads.results} -> 0)`)}
        else coalesce((select string_agg(${resultText(sql.raw("r"))}, '; ')
          from jsonb_array_elements(${leads.results}) as r), '') end as results,
      ${leads.note} as note
      ${questionValues.length > 0 ? sql`, ${sql.join(questionValues, sql`, `)}` : sql``}
    from ${leads} inner join ${quizzes} on ${quizzes.id} = ${leads.quizId}
    where ${where}
    order by ${leads.id} desc
    ${page.limit === null ? sql`` : sql`limit ${page.limit}`}
    offset 0) as s
  order by s.id desc`;
}

const dialect = new PgDialect();

/**
 * The query as one text, its parameters written in as quoted literals (COPY takes no
 * parameters). A quoted literal gets its type from the context exactly like an untyped
 * parameter, which is how both drivers send them, so the meaning does not change.
 */
function inlined(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (value === null || value === undefined) return "null";
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
      throw new Error(`export query parameter of type ${typeof value}`);
    }
    return `'${String(value).replace(/'/g, "''")}'`;
  });
}

/** COPY binary header: an 11-byte signature, 32-bit flags, 32-bit extension length. */
const COPY_SIGNATURE = 11;

/**
 * The `line` field of COPY's binary tuples, as bytes: a tuple is a 16-bit field count (-1
 * ends the data) then, per field, a 32-bit length and the bytes. The first field (the id)
 * is skipped. One Buffer per chunk read, not per row.
 */
export async function* copyLines(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let pending: Buffer | null = null;
  let headerDone = false;
  for await (const chunk of source) {
    const data: Buffer = pending ? Buffer.concat([pending, chunk]) : chunk;
    pending = null;
    let at = 0;
    if (!headerDone) {
      const start =
        data.length < COPY_SIGNATURE + 8
          ? Number.POSITIVE_INFINITY
          : COPY_SIGNATURE + 8 + data.readUInt32BE(COPY_SIGNATURE + 4);
      if (start > data.length) {
        pending = data;
        continue;
      }
      at = start;
      headerDone = true;
    }
    const parts: Buffer[] = [];
    while (data.length - at >= 2) {
      if (data.readInt16BE(at) === -1) {
        at = data.length;
        break;
      }
      if (data.length - at < 6) break;
      const lineAt = at + 6 + data.readInt32BE(at + 2);
      if (data.length - lineAt < 4) break;
      const end = lineAt + 4 + data.readInt32BE(lineAt);
      if (end > data.length) break;
      parts.push(data.subarray(lineAt + 4, end));
      at = end;
    }
    if (at < data.length) pending = data.subarray(at);
    if (parts.length === 1) yield parts[0] as Buffer;
    else if (parts.length > 1) yield Buffer.concat(parts);
  }
}

const BATCH_FIRST = 1000;
const BATCH_MAX = 8000;

/** PGlite: the same SELECT a keyset batch at a time (1000 rows, doubling to 8000). */
async function* batchLines(
  db: Database,
  condition: SQL,
  layout: ExportLayout,
): AsyncGenerator<string> {
  let before: number | null = null;
  let size = BATCH_FIRST;
  let rowsBefore = 0;
  for (;;) {
    const result: unknown = await db.execute(
      exportLinesQuery(condition, layout, { before, limit: size, rowsBefore }),
    );
    // Both drivers answer `{rows}`; drizzle types the result per driver.
    const rows = (result as { rows: { id: number; line: string }[] }).rows;
    if (rows.length > 0) yield rows.map((row) => row.line).join("");
    const last = rows.at(-1);
    if (rows.length < size || !last) return;
    before = last.id;
    rowsBefore += rows.length;
    size = Math.min(BATCH_MAX, size * 2);
  }
}

/**
 * The export's lines, newest lead first: Buffers on PostgreSQL (COPY on one pooled
 * connection, held until the last byte or until the reader leaves), strings on PGlite.
 */
export async function* exportLines(
  db: Database,
  condition: SQL,
  layout: ExportLayout,
): AsyncGenerator<Buffer | string> {
  const pool = (db as unknown as { $client: unknown }).$client;
  if (!(pool instanceof pg.Pool)) {
    yield* batchLines(db, condition, layout);
    return;
  }
  const query = exportLinesQuery(condition, layout, { before: null, limit: null, rowsBefore: 0 });
  const connection = await pool.connect();
  let finished = false;
  try {
    // JIT would compile the long line expression first (~0.4 s before the first row): the
    // work per row is small and already in C functions, nothing for JIT to win.
    await connection.query("set jit = off");
    const stream = connection.query(copyTo(`copy (${inlined(query)}) to stdout (format binary)`));
    yield* copyLines(stream as Readable);
    await connection.query("reset jit");
    finished = true;
  } finally {
    // A COPY cut short leaves the connection mid-protocol: dropped, not reused.
    connection.release(!finished);
  }
}

/**
 * The question columns of the matching leads, from the published snapshots of their
 * quizzes, not from every lead's answers (docs/leads.md "Export"): a question is named by
 * its title in the newest version that has it (a renamed question keeps one column, under
 * its latest title), questions with the same title share a column. Ordered by quiz, then
 * the question's place in its newest version.
 */
export async function exportQuestionColumns(
  db: DbOrTx,
  userId: number,
  condition: SQL,
): Promise<ExportQuestionColumn[]> {
  const result = await db.execute(sql`select distinct on (p.quiz_id, (x.question ->> 'id')::int)
        p.quiz_id, (x.question ->> 'id')::int as id,
        coalesce(x.question ->> 'title', '') as title, x.position::int as position
      from ${quizPublications} as p
      cross join lateral jsonb_array_elements(p.snapshot -> 'questions')
        with ordinality as x(question, position)
      where p.quiz_id in (select ${quizzes.id} from ${quizzes} where ${quizzes.userId} = ${userId}
        and exists (select 1 from ${leads} where ${leads.quizId} = ${quizzes.id} and ${condition}))
      order by p.quiz_id, (x.question ->> 'id')::int, p.version desc`);
  // Both drivers answer `{rows}`; drizzle types the result per driver.
  const rows = (
    result as unknown as {
      rows: { quiz_id: number; id: number; title: string; position: number }[];
    }
  ).rows;
  rows.sort((a, b) => a.quiz_id - b.quiz_id || a.position - b.position || a.id - b.id);
  const columns = new Map<string, ExportQuestionColumn>();
  for (const row of rows) {
    const column = columns.get(row.title);
    if (column) column.questions.push(row.id);
    else columns.set(row.title, { title: row.title, questions: [row.id] });
  }
  return [...columns.values()];
}
