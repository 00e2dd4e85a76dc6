import { describe, expect, it } from "vitest";
import { reorderSiblings } from "./sibling-order";

const rows = (...ids: number[]) => ids.map((id, index) => ({ id, sort: index + 1 }));

describe("reorderSiblings", () => {
  it("puts a new row last when no position is given", () => {
    expect(reorderSiblings([...rows(1, 2), { id: 9, sort: 0 }], 9)).toEqual([{ id: 9, sort: 3 }]);
  });

  it("moves a row to a 1-based position and renumbers the rows in between", () => {
    expect(reorderSiblings(rows(1, 2, 3, 4), 4, 2)).toEqual([
      { id: 4, sort: 2 },
      { id: 2, sort: 3 },
      { id: 3, sort: 4 },
    ]);
    expect(reorderSiblings(rows(1, 2, 3), 1, 3)).toEqual([
      { id: 2, sort: 1 },
      { id: 3, sort: 2 },
      { id: 1, sort: 3 },
    ]);
  });

  it("clamps positions beyond either end", () => {
    expect(reorderSiblings(rows(1, 2, 3), 3, 0)[0]).toEqual({ id: 3, sort: 1 });
    expect(reorderSiblings(rows(1, 2, 3), 1, 99).at(-1)).toEqual({ id: 1, sort: 3 });
  });

  it("closes gaps and ties after a delete", () => {
    const gappy = [
      { id: 5, sort: 0 },
      { id: 6, sort: 0 },
      { id: 7, sort: 9 },
    ];
    expect(reorderSiblings(gappy, null)).toEqual([
      { id: 5, sort: 1 },
      { id: 6, sort: 2 },
      { id: 7, sort: 3 },
    ]);
    expect(reorderSiblings(rows(1, 2), null)).toEqual([]);
  });
});
