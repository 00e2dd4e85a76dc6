import { Readable } from "node:stream";
import type { Database } from "../../db/client";
import { zipStream } from "../../lib/zip-stream";
import { csvCell, neutralizeCell } from "./export-cells";
import {
  columnName,
  EXPORT_FIXED_COLUMNS,
  type ExportLayout,
  type ExportSelection,
  exportColumns,
  exportLines,
} from "./lead-export.repository";
import { SheetRowWriter } from "./sheet-rows";

/**
 * `GET leads/export/` (docs/leads.md "Export"): the matching opened leads, newest first,
 * written as they are read, so memory stays flat whatever the number of leads. One column
 * per question title, taken from the quizzes' published snapshots.
 *
 * Speed: every CSV line is finished in SQL from cells stored with each lead
 * (lead-export.repository.ts) and reaches this module as bytes, from COPY on PostgreSQL; the
 * XLSX rows are written from those bytes (sheet-rows.ts), the header and the frame here.
 */

const BOM = "\uFEFF";

export { EXPORT_FIXED_COLUMNS };

/** Labels of the fixed columns, in the owner's language. */
export type ExportLabels = Record<(typeof EXPORT_FIXED_COLUMNS)[number], string>;

export interface ExportInput {
  db: Database;
  /** The account, the kind, and the list's filters narrowed to opened leads. */
  selection: ExportSelection;
  labels: ExportLabels;
  statusLabels: ExportLayout["statusLabels"];
}

/** The header cells and the query layout: the question columns come from the snapshots. */
async function headerAndLayout(input: ExportInput) {
  const { selection } = input;
  const columns = await exportColumns(input.db, selection);
  const header = [
    ...EXPORT_FIXED_COLUMNS.map((column) => input.labels[column]),
    ...columns.questions.map((q) => q.title),
  ];
  const layout: ExportLayout = { statusLabels: input.statusLabels, ...columns };
  return { header, lines: () => exportLines(input.db, selection, layout) };
}

function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** CSV, UTF-8 with a BOM (Excel then reads Cyrillic right), CRLF lines (RFC 4180). */
export async function exportCsv(input: ExportInput): Promise<Readable> {
  const { header, lines } = await headerAndLayout(input);
  return Readable.from(
    (async function* () {
      yield Buffer.from(BOM + csvLine(header), "utf8");
      for await (const chunk of lines())
        yield typeof chunk === "string" ? Buffer.from(chunk) : chunk;
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

/** A header cell's text for the sheet's XML: markup escaped, characters XML refuses dropped. */
function xmlText(value: string): string {
  let text = "";
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    text += xmlSpecial(code) ? (XML_ENTITY[code] ?? "") : value[i];
  }
  return text;
}

/** The header row (row 1); the leads' rows come from their CSV lines (sheet-rows.ts). */
function headerRow(cells: readonly string[]): string {
  let xml = '<row r="1">';
  cells.forEach((cell, i) => {
    if (cell === "") return;
    xml += `<c r="${columnName(i)}1" t="inlineStr"><is><t xml:space="preserve">${xmlText(cell)}</t></is></c>`;
  });
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
  const { header, lines } = await headerAndLayout(input);
  async function* sheet() {
    yield `${XML_HEAD}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${headerRow(header.map(neutralizeCell))}`;
    const rows = new SheetRowWriter(2);
    for await (const chunk of lines())
      yield rows.rows(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
    yield "</sheetData></worksheet>";
  }
  return zipStream([
    ...Object.entries(XLSX_PARTS).map(([name, text]) => ({ name, content: [text] })),
    { name: "xl/worksheets/sheet1.xml", content: sheet() },
  ]);
}
