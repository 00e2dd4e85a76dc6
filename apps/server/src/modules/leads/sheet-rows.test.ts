import { describe, expect, it } from "vitest";
import { SheetRowWriter } from "./sheet-rows";

const cell = (ref: string, text: string) => `<c r="${ref}" t="str"><v>${text}</v></c>`;
const kept = (ref: string, text: string) =>
  `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`;

describe("SheetRowWriter", () => {
  it("turns the export's CSV lines into sheet rows, numbered on from chunk to chunk", () => {
    const writer = new SheetRowWriter(2);
    const first = writer.rows(Buffer.from("7,Олена,,a@b.c\r\n", "utf8"));
    expect(first.toString("utf8")).toBe(
      `<row r="2">${cell("A2", "7")}${cell("B2", "Олена")}${cell("D2", "a@b.c")}</row>`,
    );
    const next = writer.rows(Buffer.from("8,,x\r\n9\r\n", "utf8"));
    expect(next.toString("utf8")).toBe(
      `<row r="3">${cell("A3", "8")}${cell("C3", "x")}</row><row r="4">${cell("A4", "9")}</row>`,
    );
  });

  it("unquotes quoted cells (commas, doubled quotes, line breaks inside) and escapes XML", () => {
    const line = '"a,b","say ""hi""","two\r\nlines",<b>&</b>,"\'=1+1"\r\n';
    const xml = new SheetRowWriter(5).rows(Buffer.from(line, "utf8")).toString("utf8");
    expect(xml).toBe(
      `<row r="5">${cell("A5", "a,b")}${cell("B5", 'say "hi"')}${kept("C5", "two\r\nlines")}` +
        `${cell("D5", "&lt;b&gt;&amp;&lt;/b&gt;")}${cell("E5", "'=1+1")}</row>`,
    );
  });

  it("drops the characters XML 1.0 refuses and keeps tabs and other characters", () => {
    const line = "a\u0007b\tc,\uffffx\ufffe\ufeffy,\u0001\r\n";
    const xml = new SheetRowWriter(2).rows(Buffer.from(line, "utf8")).toString("utf8");
    // The third cell had nothing but a dropped character: it is left out like an empty one.
    expect(xml).toBe(`<row r="2">${kept("A2", "ab\tc")}${cell("B2", "x\ufeffy")}</row>`);
  });

  it("marks only the texts whose spaces a reader could trim as preserved", () => {
    const line = ' lead,"tail ",in side,"a\nb",\ttab\r\n';
    const xml = new SheetRowWriter(3).rows(Buffer.from(line, "utf8")).toString("utf8");
    expect(xml).toBe(
      `<row r="3">${kept("A3", " lead")}${kept("B3", "tail ")}${cell("C3", "in side")}` +
        `${kept("D3", "a\nb")}${kept("E3", "\ttab")}</row>`,
    );
  });

  it("writes column letters past Z", () => {
    const line = `${",".repeat(27)}last\r\n`;
    const xml = new SheetRowWriter(2).rows(Buffer.from(line, "utf8")).toString("utf8");
    expect(xml).toBe(`<row r="2">${cell("AB2", "last")}</row>`);
  });

  it("grows its output for long cells full of entities", () => {
    const text = "&".repeat(100_000);
    const xml = new SheetRowWriter(2).rows(Buffer.from(`${text}\r\n`, "utf8")).toString("utf8");
    expect(xml).toBe(`<row r="2">${cell("A2", "&amp;".repeat(100_000))}</row>`);
  });
});
