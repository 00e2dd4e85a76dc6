import { describe, expect, it } from "vitest";
import { applyMergePatch } from "./json-merge-patch";

describe("applyMergePatch", () => {
  it("replaces set keys, removes null ones and keeps the rest", () => {
    const stored = { a: 1, b: "x", c: true };
    expect(applyMergePatch(stored, { a: 2, b: null, d: "new", e: undefined })).toEqual({
      a: 2,
      c: true,
      d: "new",
    });
    expect(stored).toEqual({ a: 1, b: "x", c: true });
  });

  it("answers a copy when there is no patch", () => {
    const stored = { a: 1 };
    const merged = applyMergePatch(stored, undefined);
    expect(merged).toEqual(stored);
    expect(merged).not.toBe(stored);
  });
});
