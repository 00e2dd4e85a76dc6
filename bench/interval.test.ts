import { describe, expect, it } from "vitest";
import { ratioInterval } from "./interval";
import { median } from "./support";

describe("ratioInterval", () => {
  it("is a point for two identical pages", () => {
    const loads = [420, 510, 388, 600, 455, 470, 530];
    expect(ratioInterval(loads, loads)).toEqual([1, 1]);
  });

  it("gives the same interval for the same loads, and holds the median ratio", () => {
    const ours = [664, 700, 612, 690, 655, 720, 640, 668, 702, 630, 676];
    const empty = [480, 520, 470, 505, 455, 530, 490, 475, 515, 460, 500];
    const interval = ratioInterval(ours, empty);
    expect(interval).toEqual(ratioInterval(ours, empty));
    const [low, high] = interval ?? [0, 0];
    const point = median(ours) / median(empty);
    expect(low).toBeLessThanOrEqual(point);
    expect(high).toBeGreaterThanOrEqual(point);
    // Every load of ours is slower than every load of the empty page: 1 is outside.
    expect(low).toBeGreaterThan(1.1);
  });

  it("is wide where one page's loads spread as much as the difference", () => {
    const bare = [652, 565, 533, 570, 468, 606, 389];
    const ours = [634, 516, 695, 463, 573, 640, 635];
    const [low, high] = ratioInterval(ours, bare) ?? [0, 0];
    expect(low).toBeLessThan(1);
    expect(high).toBeGreaterThan(1.1);
  });

  it("needs three rounds and a reference above 0", () => {
    expect(ratioInterval([1, 2], [1, 2])).toBeUndefined();
    expect(ratioInterval([10, 20, 30], [0, 0, 0])).toBeUndefined();
  });
});
