import { describe, expect, it } from "vitest";
import { nestingDepthExceeds } from "./visitor-body";
import { memoryCounters } from "./visitor-counters";
import { leadCounters, leadLimitReached, type VisitorLimits } from "./visitor-limits";

const small: VisitorLimits = {
  sessionsPerIp: { max: 5, windowMs: 60_000 },
  eventsPerIp: { max: 5, windowMs: 60_000 },
  leadsPerIpPerQuiz: { max: 2, windowMs: 60_000 },
  leadsPerIp: { max: 3, windowMs: 60_000 },
  leadsPerQuiz: { max: 4, windowMs: 60_000 },
};

describe("lead limits", () => {
  it("let an address's first lead through and stop it at the limit", async () => {
    const counters = memoryCounters(() => 1_000);
    expect(await leadLimitReached(counters, small, "10.0.0.1", 1)).toBeNull();
    await counters.add(leadCounters(small, "10.0.0.1", 1));
    expect(await leadLimitReached(counters, small, "10.0.0.1", 1)).toBeNull();
    await counters.add(leadCounters(small, "10.0.0.1", 1));
    expect(await leadLimitReached(counters, small, "10.0.0.1", 1)).toBe(small.leadsPerIpPerQuiz);
    // Across quizzes: a third lead to another quiz passes, a fourth does not.
    expect(await leadLimitReached(counters, small, "10.0.0.1", 2)).toBeNull();
    await counters.add(leadCounters(small, "10.0.0.1", 2));
    expect(await leadLimitReached(counters, small, "10.0.0.1", 3)).toBe(small.leadsPerIp);
  });

  it("under a quiz-wide flood, still let each address's first lead through", async () => {
    const counters = memoryCounters(() => 1_000);
    for (let n = 1; n <= 4; n++) await counters.add(leadCounters(small, `10.0.1.${n}`, 7));
    expect(await leadLimitReached(counters, small, "10.0.1.99", 7)).toBeNull();
    expect(await leadLimitReached(counters, small, "10.0.1.1", 7)).toBe(small.leadsPerQuiz);
  });

  it("start afresh in the next window", async () => {
    let now = 1_000;
    const counters = memoryCounters(() => now);
    await counters.add(leadCounters(small, "10.0.2.1", 1));
    await counters.add(leadCounters(small, "10.0.2.1", 1));
    expect(await leadLimitReached(counters, small, "10.0.2.1", 1)).not.toBeNull();
    expect(counters.windowLeftMs(small.leadsPerIpPerQuiz)).toBe(59_000);
    now = 61_000;
    expect(await leadLimitReached(counters, small, "10.0.2.1", 1)).toBeNull();
  });

  it("count an IPv6 address per /64", async () => {
    const counters = memoryCounters(() => 1_000);
    await counters.add(leadCounters(small, "2001:db8:1:2::1", 1));
    await counters.add(leadCounters(small, "2001:db8:1:2::ffff", 1));
    expect(await leadLimitReached(counters, small, "2001:db8:1:2::abcd", 1)).not.toBeNull();
  });
});

describe("nestingDepthExceeds", () => {
  it("counts arrays and objects, not brackets inside strings", () => {
    expect(nestingDepthExceeds('{"a":[[1]]}', 3)).toBe(false);
    expect(nestingDepthExceeds('{"a":[[[1]]]}', 3)).toBe(true);
    expect(nestingDepthExceeds('{"a":"[[[[[\\"[[[["}', 3)).toBe(false);
    expect(nestingDepthExceeds(`${"[".repeat(100_000)}`, 20)).toBe(true);
  });
});
