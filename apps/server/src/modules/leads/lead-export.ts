import { PassThrough, Readable } from "node:stream";
import type { SQL } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { Database } from "../../db/client";
import { exportLeadBatch, exportQuestionTitles, type LeadExportRow } from "./lead-inbox.repository";

/**
 * `GET leads/export/` (docs/leads.md "Export"): the matching opened leads, newest first,
 * read in keyset batches and written as they are read, so memory stays flat whatever the
 * number of leads. One column per question title.
 */

/** Rows read per query. */
const BATCH = 1000;
const BOM = "\uFEFF";

/** Labels of the fixed columns, in the owner's language. */
export interface ExportLabels {
  id: string;
  date: string;
  quiz: string;
  name: string;
  email: string;
  phone: string;
  messengers: string;
  other: string;
  other2: string;
  status: string;
  flags: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  results: string;
  note: string;
}

/**
 * A cell a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
 * return) gets a leading apostrophe, so it is shown as text.
 */
export function neutralizeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The matching leads, a keyset batch at a time (one chunk of output per batch). */
async function* leadBatches(db: Database, condition: SQL): AsyncGenerator<LeadExportRow[]> {
  let before: number | null = null;
  for (;;) {
    const batch = await exportLeadBatch(db, condition, before, BATCH);
    if (batch.length > 0) yield batch;
    const last = batch.at(-1);
    if (batch.length < BATCH || !last) return;
    before = last.id;
  }
}

function rowCells(
  row: LeadExportRow,
  questions: string[],
  statusLabel: (status: LeadExportRow["status"]) => string,
): string[] {
  const answers = new Map<string, string>();
  for (const a of row.answers) answers.set(a.question_title, a.answer);
  const cells = [
    String(row.id),
    row.createdAt.toISOString(),
    row.quizTitle,
    row.name,
    row.email,
    row.phone,
    Object.entries(row.messengers)
      .map(([name, value]) => `${name}: ${value}`)
      .join("; "),
    row.other,
    row.other2,
    statusLabel(row.status),
    row.flags.join(", "),
    row.utm.utm_source ?? "",
    row.utm.utm_medium ?? "",
    row.utm.utm_campaign ?? "",
    row.results
      .map((r) =>
        r.value === null ? r.title : `${r.title}: ${r.value}${r.unit ? ` ${r.unit}` : ""}`,
      )
      .join("; "),
    row.note,
    ...questions.map((title) => answers.get(title) ?? ""),
  ];
  return cells.map(neutralizeCell);
}

function csvLine(cells: string[]): string {
  return `${cells.map((cell) => (/[",\r\n;]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(",")}\r\n`;
}

export interface ExportInput {
  db: Database;
  condition: SQL;
  labels: ExportLabels;
  statusLabel: (status: LeadExportRow["status"]) => string;
}

async function headerAndRows(input: ExportInput) {
  const questions = await exportQuestionTitles(input.db, input.condition);
  const header = [...Object.values(input.labels), ...questions].map(neutralizeCell);
  const batches = async function* () {
    for await (const batch of leadBatches(input.db, input.condition)) {
      yield batch.map((row) => rowCells(row, questions, input.statusLabel));
    }
  };
  return { header, batches };
}

/** CSV, UTF-8 with a BOM (Excel then reads Cyrillic right), CRLF lines (RFC 4180). */
export async function exportCsv(input: ExportInput): Promise<Readable> {
  const { header, batches } = await headerAndRows(input);
  return Readable.from(
    (async function* () {
      yield BOM + csvLine(header);
      for await (const batch of batches()) yield batch.map(csvLine).join("");
    })(),
  );
}

/** XLSX through exceljs's streaming writer (each row committed as written). */
export async function exportXlsx(input: ExportInput): Promise<Readable> {
  const { header, batches } = await headerAndRows(input);
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet("Leads");
  void (async () => {
    sheet.addRow(header).commit();
    for await (const batch of batches()) {
      for (const cells of batch) sheet.addRow(cells).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) =>
    out.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return out;
}
