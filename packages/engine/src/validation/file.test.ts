import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES, validateFileSize } from "./file";

describe("validateFileSize", () => {
  it("is 100 MB in binary megabytes", () => {
    expect(MAX_UPLOAD_BYTES).toBe(104_857_600);
  });

  it.each([
    [0, null],
    [1, null],
    [100_000_000, null],
    [MAX_UPLOAD_BYTES - 1, null],
    [MAX_UPLOAD_BYTES, null],
    [MAX_UPLOAD_BYTES + 1, "file_too_large"],
    [2 * MAX_UPLOAD_BYTES, "file_too_large"],
    [Number.POSITIVE_INFINITY, "file_too_large"],
    [Number.NaN, "file_too_large"],
  ])("%d bytes → %s", (bytes, expected) => {
    expect(validateFileSize(bytes)).toBe(expected);
  });
});
