import { describe, expect, it } from "vitest";
import { totalBlockingTime } from "./host-page";

describe("total blocking time", () => {
  it("counts each long task's time over 50 ms between FCP and the end", () => {
    const tasks = [
      { start: 100, duration: 120 }, // ends at 220, before FCP at 300: not counted
      { start: 260, duration: 140 }, // 300-400 after FCP: 100 ms, 50 over
      { start: 500, duration: 50 }, // exactly 50 ms: nothing over
      { start: 600, duration: 80 }, // 30 over
      { start: 950, duration: 200 }, // cut at the end (1,000): 50 ms, nothing over
    ];
    expect(totalBlockingTime(tasks, 300, 1000)).toBe(80);
    expect(totalBlockingTime([], 300, 1000)).toBe(0);
  });
});
