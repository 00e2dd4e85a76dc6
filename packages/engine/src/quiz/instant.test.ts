import { describe, expect, it } from "vitest";
import { parseInstant } from "./instant";

describe("parseInstant", () => {
  it.each([
    ["2024-05-01", Date.UTC(2024, 4, 1)],
    ["2024-02-29", Date.UTC(2024, 1, 29)],
    ["2024-05-01T10:30", Date.UTC(2024, 4, 1, 10, 30)],
    ["2024-05-01 10:30:15", Date.UTC(2024, 4, 1, 10, 30, 15)],
    ["2024-05-01T10:30:15.250Z", Date.UTC(2024, 4, 1, 10, 30, 15, 250)],
    ["2024-05-01T10:30:00+02:00", Date.UTC(2024, 4, 1, 8, 30)],
    ["2024-05-01T10:30:00-0130", Date.UTC(2024, 4, 1, 12, 0)],
    ["0099-01-01", new Date("0099-01-01T00:00:00Z").getTime()],
  ])("%s", (text, expected) => {
    expect(parseInstant(text)).toBe(expected);
  });

  it.each([
    "",
    "2024-5-1",
    "2023-02-29",
    "2024-13-01",
    "2024-04-31",
    "2024-05-01T24:00",
    "05/01/2024",
    "soon",
  ])("rejects %j", (text) => {
    expect(parseInstant(text)).toBeNull();
  });

  it("a date-only string is UTC midnight of that day", () => {
    expect(parseInstant("2024-05-01")).toBe(parseInstant("2024-05-01T00:00:00Z"));
  });
});
