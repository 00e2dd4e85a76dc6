import { Readable } from "node:stream";
import type { SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { StoredLeadAnswer, StoredLeadResult } from "../../db/schema";
import { zipStream } from "../../lib/zip-stream";
import { exportLeadBatch, exportQuestionTitles, type LeadExportRow } from "./lead-inbox.repository";

/**
 * `GET leads/export/` (docs/leads.md "Export"): the matching opened leads, newest first,
 * read in keyset batches and written as they are read, so memory stays flat whatever the
 * number of leads. One column per question title.
 *
 * Speed: a batch is one raw query (no per-row mapping by the query builder; JSON columns
 * come as text and only answers, results and messengers are parsed), and each batch is
 * written as one string, CSV lines or XLSX row XML built by hand, not through a
 * spreadsheet library's cell objects.
 */

/** Rows of the first query; each next batch doubles up to `BATCH_MAX` (first bytes soon). */
const BATCH_FIRST = 1000;
const BATCH_MAX = 8000;
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

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
 * return) gets a leading apostrophe, so it is shown as text.
 */
export function neutralizeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The matching leads, a keyset batch at a time. */
async function* leadBatches(db: Database, condition: SQL): AsyncGenerator<LeadExportRow[]> {
  let before: number | null = null;
  let size = BATCH_FIRST;
  for (;;) {
    const batch = await exportLeadBatch(db, condition, before, size);
    if (batch.length > 0) yield batch;
    const last = batch.at(-1);
    if (batch.length < size || !last) return;
    before = last.id;
    size = Math.min(BATCH_MAX, size * 2);
  }
}

function messengersText(json: string): string {
  if (json === "") return "";
  const messengers = JSON.parse(json) as Record<string, string>;
  let text = "";
  for (const name in messengers) text += `${text ? "; " : ""}${name}: ${messengers[name]}`;
  return text;
}

function resultsText(json: string): string {
  if (json === "[]") return "";
  const results = JSON.parse(json) as StoredLeadResult[];
  return results
    .map((r) =>
      r.value === null ? r.title : `${r.title}: ${r.value}${r.unit ? ` ${r.unit}` : ""}`,
    )
    .join("; ");
}

/** Turns database rows into cells (already neutralised), the question columns last. */
function rowCells(
  questions: Map<string, number>,
  statusLabel: (status: LeadExportRow["status"]) => string,
) {
  const fixed = 16;
  const width = fixed + questions.size;
  return (row: LeadExportRow): string[] => {
    const cells = new Array<string>(width);
    cells[0] = String(row.id);
    cells[1] = new Date(row.created_ms).toISOString();
    cells[2] = row.quiz_title;
    cells[3] = row.name;
    cells[4] = row.email;
    cells[5] = row.phone;
    cells[6] = messengersText(row.messengers);
    cells[7] = row.other;
    cells[8] = row.other2;
    cells[9] = statusLabel(row.status);
    cells[10] = row.flags;
    cells[11] = row.utm_source;
    cells[12] = row.utm_medium;
    cells[13] = row.utm_campaign;
    cells[14] = resultsText(row.results);
    cells[15] = row.note;
    for (let i = fixed; i < width; i += 1) cells[i] = "";
    if (row.answers !== "[]") {
      for (const answer of JSON.parse(row.answers) as StoredLeadAnswer[]) {
        const column = questions.get(answer.question_title);
        // The last answer of a title wins, as one column per title can hold one.
        if (column !== undefined) cells[fixed + column] = answer.answer;
      }
    }
    for (let i = 0; i < width; i += 1) {
      const cell = cells[i] as string;
      if (cell !== "" && FORMULA_START.test(cell)) cells[i] = `'${cell}`;
    }
    return cells;
  };
}

export interface ExportInput {
  db: Database;
  condition: SQL;
  labels: ExportLabels;
  statusLabel: (status: LeadExportRow["status"]) => string;
}

/** The header cells and an iterator of batches of row cells. */
async function headerAndRows(input: ExportInput) {
  const questions = await exportQuestionTitles(input.db, input.condition);
  const header = [...Object.values(input.labels), ...questions].map(neutralizeCell);
  const toCells = rowCells(new Map(questions.map((title, i) => [title, i])), input.statusLabel);
  const batches = async function* () {
    for await (const batch of leadBatches(input.db, input.condition)) yield batch.map(toCells);
  };
  return { header, batches };
}

const CSV_QUOTE = /[",\r\n;]/;

function csvLine(cells: readonly string[]): string {
  let line = "";
  for (let i = 0; i < cells.length; i += 1) {
    const cell = cells[i] as string;
    if (i > 0) line += ",";
    line += CSV_QUOTE.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
  }
  return `${line}\r\n`;
}

/** CSV, UTF-8 with a BOM (Excel then reads Cyrillic right), CRLF lines (RFC 4180). */
export async function exportCsv(input: ExportInput): Promise<Readable> {
  const { header, batches } = await headerAndRows(input);
  return Readable.from(
    (async function* () {
      yield BOM + csvLine(header);
      for await (const batch of batches()) {
        let chunk = "";
        for (const cells of batch) chunk += csvLine(cells);
        yield chunk;
      }
    })(),
  );
}

/** Whether a character must be escaped (markup) or dropped (not allowed in XML 1.0). */
function xmlSpecial(code: number): boolean {
  return (
    code === 38 || // &
    code === 60 || // <
    code === 62 || // >
    (code < 32 && code !== 9 && code !== 10 && code !== 13) ||
    code === 0xfffe ||
    code === 0xffff
  );
}

const XML_ENTITY: Record<number, string> = { 38: "&amp;", 60: "&lt;", 62: "&gt;" };

/** A cell's text for the sheet's XML: markup escaped, characters XML refuses dropped. */
function xmlText(value: string): string {
  let i = 0;
  while (i < value.length && !xmlSpecial(value.charCodeAt(i))) i += 1;
  if (i === value.length) return value;
  let text = value.slice(0, i);
  for (; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    text += xmlSpecial(code) ? (XML_ENTITY[code] ?? "") : value[i];
  }
  return text;
}

/** `A`, `B`, … `Z`, `AA` … : the column letters of a cell reference. */
function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

function xlsxRow(cells: readonly string[], columns: readonly string[], rowNumber: number): string {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < cells.length; i += 1) {
    const cell = cells[i] as string;
    if (cell === "") continue;
    xml += `<c r="${columns[i]}${rowNumber}" t="inlineStr"><is><t xml:space="preserve">${xmlText(cell)}</t></is></c>`;
  }
  return `${xml}</row>`;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const XLSX_PARTS: Record<string, string> = {
  "[Content_Types].xml":
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
    "</Types>",
  "_rels/.rels":
    `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
    "</Relationships>",
  "xl/workbook.xml":
    `${XML_HEAD}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
    '<sheets><sheet name="Leads" sheetId="1" r:id="rId1"/></sheets></workbook>',
  "xl/_rels/workbook.xml.rels":
    `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
    "</Relationships>",
};

/**
 * XLSX (Office Open XML): the four fixed parts and one worksheet of inline strings, the
 * sheet's XML streamed into a zip entry as the batches are read.
 */
export async function exportXlsx(input: ExportInput): Promise<Readable> {
  const { header, batches } = await headerAndRows(input);
  const columns = header.map((_, i) => columnName(i));
  async function* sheet() {
    yield `${XML_HEAD}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${xlsxRow(header, columns, 1)}`;
    let rowNumber = 1;
    for await (const batch of batches()) {
      let chunk = "";
      for (const cells of batch) {
        rowNumber += 1;
        chunk += xlsxRow(cells, columns, rowNumber);
      }
      yield chunk;
    }
    yield "</sheetData></worksheet>";
  }
  return zipStream([
    ...Object.entries(XLSX_PARTS).map(([name, text]) => ({ name, content: [text] })),
    { name: "xl/worksheets/sheet1.xml", content: sheet() },
  ]);
}
