import { columnName } from "./lead-export.repository";

/**
 * The XLSX export's rows from the CSV export's lines (docs/leads.md "Export"): both formats
 * read the same finished lines from PostgreSQL, and this turns each line into the
 * worksheet's `<row>` of text cells, byte by byte, with no string or object per cell.
 *
 * The lines are the export's own: RFC 4180 cells (quoted when they hold `" , ; CR LF`,
 * quotes doubled), formula starts already neutralised, CRLF after each line, and every
 * chunk holds whole lines. A cell's text goes into the XML with `& < >` escaped and the
 * characters XML 1.0 refuses dropped (C0 controls but tab, LF and CR; U+FFFE, U+FFFF).
 * Empty cells are left out, as Excel writes them. A cell is `t="str"` with its text in `<v>`,
 * the form ExcelJS and SheetJS write when they use no shared strings table (a third fewer
 * bytes to write and deflate than an inline string); a text whose whitespace a reader could
 * trim (one that starts or ends with a space, or holds a tab or a line break) is an inline
 * string with `xml:space="preserve"` instead.
 */

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;

const ascii = (text: string) => Buffer.from(text, "latin1");
const ROW_OPEN = ascii('<row r="');
const ROW_OPEN_END = ascii('">');
const ROW_CLOSE = ascii("</row>");
const CELL_OPEN = ascii('<c r="');
/** A text cell as ExcelJS and SheetJS write one without a shared strings table. */
const STRING_OPEN_END = ascii('" t="str"><v>');
const STRING_CLOSE = ascii("</v></c>");
/** A text whose spaces a reader must keep: an inline string marked `xml:space="preserve"`. */
const KEPT_OPEN_END = ascii('" t="inlineStr"><is><t xml:space="preserve">');
const KEPT_CLOSE = ascii("</t></is></c>");
const AMP = ascii("&amp;");
const LT = ascii("&lt;");
const GT = ascii("&gt;");

/** `bytes` written at `at`; answers the position after them. */
function put(out: Buffer, at: number, bytes: Uint8Array): number {
  let i = at;
  for (let k = 0; k < bytes.length; k += 1) out[i++] = bytes[k] as number;
  return i;
}

/** The first `length` bytes of `bytes` written at `at`; answers the position after them. */
function putSome(out: Buffer, at: number, bytes: Uint8Array, length: number): number {
  let i = at;
  for (let k = 0; k < length; k += 1) out[i++] = bytes[k] as number;
  return i;
}

/** `out` with room for `need` more bytes after `at` (a bigger copy when it has not). */
function room(out: Buffer, at: number, need: number): Buffer {
  // (Buffer, not Buffer<ArrayBuffer>: allocUnsafe may answer a slice of the shared pool.)
  if (at + need <= out.length) return out;
  const bigger = Buffer.allocUnsafe(Math.max(out.length * 2, at + need));
  out.copy(bigger, 0, 0, at);
  return bigger;
}

/** The most one cell's markup takes, its text aside (column letters and row digits included). */
const CELL_MARKUP = 128;

export class SheetRowWriter {
  private readonly columns: Uint8Array[] = [];
  /** The current row's number in ASCII digits (no Buffer made per row). */
  private readonly digits = new Uint8Array(16);

  /** `row`: the sheet row of the first line (the header is row 1). */
  constructor(private row: number) {}

  /**
   * The `<row>`s of the whole lines in `lines`: one pass over the bytes in plain loops, no
   * closure over the output position (a native copy or a captured variable per piece cost
   * more than the pieces: 2.4 s for 100,000 rows).
   */
  rows(lines: Uint8Array): Buffer {
    const end = lines.length;
    let out: Buffer = Buffer.allocUnsafe(end * 4 + 4096);
    let at = 0;
    let p = 0;
    while (p < end) {
      const number = String(this.row);
      const digits = this.digits;
      const rowDigits = number.length;
      for (let k = 0; k < rowDigits; k += 1) digits[k] = number.charCodeAt(k);
      out = room(out, at, 2 * CELL_MARKUP);
      at = put(out, at, ROW_OPEN);
      at = putSome(out, at, digits, rowDigits);
      at = put(out, at, ROW_OPEN_END);
      for (let column = 0; ; column += 1) {
        const quoted = lines[p] === QUOTE;
        if (quoted) p += 1;
        out = room(out, at, 2 * CELL_MARKUP);
        const cellAt = at;
        at = put(out, at, CELL_OPEN);
        at = put(out, at, this.columnBytes(column));
        at = putSome(out, at, digits, rowDigits);
        const typeAt = at;
        at = put(out, at, STRING_OPEN_END);
        const textAt = at;
        let preserve = false;
        for (; p < end; p += 1) {
          const byte = lines[p] as number;
          if (quoted) {
            if (byte === QUOTE) {
              if (lines[p + 1] !== QUOTE) {
                p += 1; // past the closing quote
                break;
              }
              p += 1; // a doubled quote is one
            }
          } else if (byte === COMMA || byte === CR) break;
          if (at + CELL_MARKUP > out.length) out = room(out, at, CELL_MARKUP);
          if (byte >= 0x20 && byte !== 0x26 && byte !== 0x3c && byte !== 0x3e && byte !== 0xef) {
            out[at++] = byte;
          } else if (byte === 0x26) at = put(out, at, AMP);
          else if (byte === 0x3c) at = put(out, at, LT);
          else if (byte === 0x3e) at = put(out, at, GT);
          else if (byte === 0xef) {
            // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are dropped; other EF.. sequences kept.
            const next = lines[p + 2];
            if (lines[p + 1] === 0xbf && (next === 0xbe || next === 0xbf)) p += 2;
            else out[at++] = byte;
          } else if (byte === 0x09 || byte === 0x0a || byte === 0x0d) {
            out[at++] = byte;
            preserve = true;
          }
          // other C0 controls: dropped
        }
        // An empty cell is left out.
        if (at === textAt) at = cellAt;
        else {
          if (preserve || out[textAt] === 0x20 || out[at - 1] === 0x20) {
            // The rare text with significant whitespace: its markup becomes the inline
            // string's, and the text moves right to make room.
            const shift = KEPT_OPEN_END.length - STRING_OPEN_END.length;
            out = room(out, at, shift + CELL_MARKUP);
            out.copyWithin(textAt + shift, textAt, at);
            put(out, typeAt, KEPT_OPEN_END);
            at = put(out, at + shift, KEPT_CLOSE);
          } else at = put(out, at, STRING_CLOSE);
        }
        if (p < end && lines[p] === COMMA) {
          p += 1;
          continue;
        }
        p = Math.min(end, p + 2); // CR LF
        break;
      }
      out = room(out, at, ROW_CLOSE.length);
      at = put(out, at, ROW_CLOSE);
      this.row += 1;
    }
    return out.subarray(0, at);
  }

  private columnBytes(index: number): Uint8Array {
    let name = this.columns[index];
    if (!name) {
      name = ascii(columnName(index));
      this.columns[index] = name;
    }
    return name;
  }
}
