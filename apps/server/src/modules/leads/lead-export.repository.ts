import type { Readable } from "node:stream";
import type { LeadFilters } from "@leadquiz/contract";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import type { Database, DbOrTx } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { leadExportRows, leads, quizPublications, quizzes } from "../../db/schema";
import { csvCell } from "./export-cells";
import type { LeadListRow } from "./lead-inbox.repository";

/**
 * The export's SQL (docs/leads.md "Export"): each lead becomes one finished CSV line in SQL
 * (the XLSX rows are written from the same lines, sheet-rows.ts). On PostgreSQL the lines come
 * through `COPY (…) TO STDOUT (FORMAT binary)` on one connection: no per-row objects, no
 * text decoding, only the length prefixes stripped. PGlite (no COPY stream) reads the same
 * SELECT in keyset batches.
 *
 * CSV lines are joined from cells stored with each lead when it was written (trigger
 * `leads_export_row`, db/sql-rules/lead-export-row.sql, whose SQL functions `lq_csv_cell`,
 * `lq_export_messengers` and `lq_export_results`, db/sql-rules/, are the one definition of
 * a cell).
 */

/** One question column: its header and the question ids whose answers it holds. */
export interface ExportQuestionColumn {
  title: string;
  questions: number[];
}

/** A published version of a quiz with matching leads: its question ids in order. */
export interface ExportVersion {
  quizId: number;
  version: number;
  questionIds: number[];
}

/** The question columns, the versions they were laid out from, and the quizzes' titles. */
export interface ExportColumns {
  questions: ExportQuestionColumn[];
  versions: ExportVersion[];
  quizzes: { id: number; title: string }[];
}

/** What a line is built from, all of it known before the first row. */
export interface ExportLayout extends ExportColumns {
  /** Status labels in the owner's language, by status. */
  statusLabels: Record<LeadListRow["status"], string>;
}

/** `A`, `B`, … `Z`, `AA` … : the column letters of a cell reference. */
export function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** The export's fixed columns, in order; the questions follow. */
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

/** The answer a lead gave to any of a column's questions (the last one wins), or ''. */
function answerOf(column: ExportQuestionColumn): SQL {
  const ids = column.questions.map((id) => `@.question == ${id}`).join(" || ");
  return sql`coalesce(jsonb_path_query_array(${leads.answers}, ${`$[*] ? (${ids}).answer`}::jsonpath)
    ->> -1, '')`;
}

/**
 * Where a version's stored answer cells can go as they are: when its questions fill
 * consecutive columns in its own order, the cells only need the empty columns before and
 * after them. Otherwise (a question sharing a column with another of the same version, or
 * an order the layout does not follow) the answers are picked per column instead.
 */
export function alignedVersions(
  columns: ExportColumns,
): { quizId: number; version: number; before: string; after: string }[] {
  const columnOf = new Map<number, number>();
  columns.questions.forEach((column, i) => {
    for (const id of column.questions) columnOf.set(id, i);
  });
  const total = columns.questions.length;
  const aligned = [];
  for (const v of columns.versions) {
    const first = v.questionIds.length === 0 ? 0 : columnOf.get(v.questionIds[0] as number);
    if (first === undefined) continue;
    if (!v.questionIds.every((id, i) => columnOf.get(id) === first + i)) continue;
    const before = ",".repeat(first);
    const after = ",".repeat(total - first - v.questionIds.length);
    aligned.push({ quizId: v.quizId, version: v.version, before, after });
  }
  return aligned;
}

/**
 * Which leads an export holds. `rows`: the condition on `lead_export_rows` (alias `e`): the
 * account, sent or partial, and the filters it stores (project, quiz, status, dates).
 * `condition`: the list's condition on `leads` for the other filters (search, result, UTM
 * source, flag), narrowed to opened leads; `narrowed` says whether there are any (only then
 * is `leads` read, one page per exported lead).
 */
export interface ExportSelection {
  userId: number;
  rows: SQL;
  condition: SQL;
  narrowed: boolean;
}

/** The filters `lead_export_rows` answers by itself (migration 0025). */
export type ExportRowFilters = Pick<LeadFilters, "project" | "quiz" | "status" | "from" | "to">;

/** `rows` of an ExportSelection: the same meaning as the list's filters (lead-inbox.repository.ts). */
export function exportRowsCondition(
  userId: number,
  partial: boolean,
  filters: ExportRowFilters,
): SQL {
  const conditions = [sql`e.user_id = ${userId}::int`, sql`e.is_partial = ${partial}::boolean`];
  if (filters.project !== undefined) conditions.push(sql`e.project_id = ${filters.project}::int`);
  if (filters.quiz !== undefined) conditions.push(sql`e.quiz_id = ${filters.quiz}::int`);
  if (filters.status) conditions.push(sql`e.status = ${filters.status}::text`);
  if (filters.from) conditions.push(sql`e.created_at >= ${filters.from}::date`);
  if (filters.to) conditions.push(sql`e.created_at < ${filters.to}::date + 1`);
  return sql`(${sql.join(conditions, sql` and `)})`;
}

/**
 * The CSV SELECT, from `lead_export_rows`: the stored cells joined, the quiz title and the
 * status label (which change without a write to the cells' text) added per row, and the
 * answer cells placed where the layout wants them (`alignedVersions`), else picked per
 * column from the lead's answers. Keyset: ids below `before`, newest first.
 */
function csvLinesQuery(
  selection: ExportSelection,
  layout: ExportLayout,
  page: { before: number | null; limit: number | null },
): SQL {
  // No quiz has a matching lead: nothing to read.
  if (layout.quizzes.length === 0) return sql`select 0 as id, '' as line where false`;
  const aligned = alignedVersions(layout);
  let answers = sql`''`;
  if (layout.questions.length > 0) {
    const picked = sql.join(
      layout.questions.map((column) => sql`',' || lq_csv_cell(${answerOf(column)})`),
      sql` || `,
    );
    const pickedFromLead = sql`(select ${picked} from ${leads} where ${leads.id} = e.lead_id)`;
    answers =
      aligned.length === 0
        ? pickedFromLead
        : sql`case when v.before is not null and e.answers is not null
            then v.before || e.answers || v.after else ${pickedFromLead} end`;
  }
  const versions =
    aligned.length === 0 || layout.questions.length === 0
      ? sql``
      : sql`left join (values ${sql.join(
          aligned.map(
            (v) => sql`(${v.quizId}::int, ${v.version}::int, ${v.before}::text, ${v.after}::text)`,
          ),
          sql`, `,
        )}) as v(quiz_id, version, before, after)
        on v.quiz_id = e.quiz_id and v.version = e.publication_version`;
  const conditions = [selection.rows];
  if (selection.narrowed)
    conditions.push(
      sql`exists (select 1 from ${leads} where ${leads.id} = e.lead_id and ${selection.condition})`,
    );
  if (page.before !== null) conditions.push(sql`e.lead_id < ${page.before}::int`);
  // Titles and labels as finished cells, written in by value: a join and a CASE per row.
  const titles = sql`(values ${sql.join(
    layout.quizzes.map((quiz) => sql`(${quiz.id}::int, ${csvCell(quiz.title)}::text)`),
    sql`, `,
  )}) as t(quiz_id, title)`;
  const status = sql`case e.status ${sql.join(
    Object.entries(layout.statusLabels).map(
      ([value, label]) => sql`when ${value} then ${csvCell(label)}::text`,
    ),
    sql` `,
  )} else e.status end`;
  // The whole export in one statement (COPY, `limit` null) selects the line alone.
  const id = page.limit === null ? sql`` : sql`e.lead_id as id, `;
  return sql`select ${id}e.head || ',' || t.title || ',' || e.contacts || ','
      || ${status} || ',' || e.tail || ${answers} || ${"\r\n"}::text as line
    from ${leadExportRows} as e inner join ${titles} on t.quiz_id = e.quiz_id ${versions}
    where ${sql.join(conditions, sql` and `)}
    order by e.lead_id desc
    ${page.limit === null ? sql`` : sql`limit ${page.limit}`}`;
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
 * The last field of COPY's binary tuples (the line), as bytes: a tuple is a 16-bit field
 * count (-1 ends the data) then, per field, a 32-bit length (-1: null) and the bytes. Each
 * chunk read gives one Buffer, the lines copied into it back to back: no object per row
 * (a Buffer view per line cost as much CPU as PostgreSQL's side of the export).
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
    // The lines are shorter than the tuples holding them.
    const out = Buffer.allocUnsafe(data.length - at);
    let written = 0;
    tuples: while (data.length - at >= 2) {
      const fields = data.readInt16BE(at);
      if (fields === -1) {
        at = data.length;
        break;
      }
      let field = at + 2;
      let lineStart = field;
      for (let i = 0; i < fields; i += 1) {
        if (data.length - field < 4) break tuples;
        const end = field + 4 + Math.max(0, data.readInt32BE(field));
        if (end > data.length) break tuples;
        lineStart = field + 4;
        field = end;
      }
      written += data.copy(out, written, lineStart, field);
      at = field;
    }
    if (at < data.length) pending = data.subarray(at);
    if (written > 0) yield out.subarray(0, written);
  }
}

const BATCH_FIRST = 1000;
const BATCH_MAX = 8000;

/** PGlite: the same SELECT a keyset batch at a time (1000 rows, doubling to 8000). */
async function* batchLines(
  db: Database,
  selection: ExportSelection,
  layout: ExportLayout,
): AsyncGenerator<string> {
  let before: number | null = null;
  let size = BATCH_FIRST;
  for (;;) {
    const result: unknown = await db.execute(
      csvLinesQuery(selection, layout, { before, limit: size }),
    );
    const rows = rowsOf<{ id: number; line: string }>(result);
    if (rows.length > 0) yield rows.map((row) => row.line).join("");
    const last = rows.at(-1);
    if (rows.length < size || !last) return;
    before = last.id;
    size = Math.min(BATCH_MAX, size * 2);
  }
}

/**
 * The export's lines, newest lead first: Buffers on PostgreSQL (COPY on one pooled
 * connection, held until the last byte or until the reader leaves), strings on PGlite.
 */
export async function* exportLines(
  db: Database,
  selection: ExportSelection,
  layout: ExportLayout,
): AsyncGenerator<Buffer | string> {
  const pool = (db as unknown as { $client: unknown }).$client;
  if (!(pool instanceof pg.Pool)) {
    yield* batchLines(db, selection, layout);
    return;
  }
  const query = csvLinesQuery(selection, layout, { before: null, limit: null });
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
 * the question's place in its newest version. With them, every version's question ids, so
 * the stored answer cells can be placed (`alignedVersions`).
 */
export async function exportColumns(
  db: DbOrTx,
  selection: ExportSelection,
): Promise<ExportColumns> {
  // One probe per quiz of the account in lead_export_rows (index lead_export_rows_quiz_idx),
  // not a pass over every matching lead: a scalar subquery with `limit 1` stops at the first
  // row. (`exists` would be planned as a semi-join, and once the table is analysed the
  // planner hashes every row of it: 35 ms at 100,000 opened leads against 0.2 ms.)
  const quizRows = rowsOf<{ id: number; title: string }>(
    await db.execute(sql`select ${quizzes.id} as id, ${quizzes.title} as title from ${quizzes}
      where ${quizzes.userId} = ${selection.userId}::int and coalesce((select true
        from ${leadExportRows} as e ${selection.narrowed ? sql`join ${leads} on ${leads.id} = e.lead_id` : sql``}
        where e.quiz_id = ${quizzes.id} and ${selection.rows}
          ${selection.narrowed ? sql`and ${selection.condition}` : sql``} limit 1), false)`),
  );
  const quizIds = quizRows.map((row) => row.id);
  if (quizIds.length === 0) return { questions: [], versions: [], quizzes: [] };
  const inQuizzes = sql`p.quiz_id in (${sql.join(
    quizIds.map((id) => sql`${id}::int`),
    sql`, `,
  )})`;
  // The questions and the versions are independent reads: two pooled connections at once.
  const [questionRows, versionRows] = await Promise.all([
    db.execute(sql`select distinct on (p.quiz_id, (x.question ->> 'id')::int)
        p.quiz_id, (x.question ->> 'id')::int as id,
        coalesce(x.question ->> 'title', '') as title, x.position::int as position
      from ${quizPublications} as p
      cross join lateral jsonb_array_elements(p.snapshot -> 'questions')
        with ordinality as x(question, position)
      where ${inQuizzes}
      order by p.quiz_id, (x.question ->> 'id')::int, p.version desc`),
    db.execute(sql`select p.quiz_id, p.version, p.question_ids
      from ${quizPublications} as p where ${inQuizzes}`),
  ]);
  const rows = rowsOf<{ quiz_id: number; id: number; title: string; position: number }>(
    questionRows,
  );
  rows.sort((a, b) => a.quiz_id - b.quiz_id || a.position - b.position || a.id - b.id);
  const columns = new Map<string, ExportQuestionColumn>();
  for (const row of rows) {
    const column = columns.get(row.title);
    if (column) column.questions.push(row.id);
    else columns.set(row.title, { title: row.title, questions: [row.id] });
  }
  const versions = rowsOf<{ quiz_id: number; version: number; question_ids: number[] }>(
    versionRows,
  ).map((row) => ({ quizId: row.quiz_id, version: row.version, questionIds: row.question_ids }));
  return { questions: [...columns.values()], versions, quizzes: quizRows };
}
