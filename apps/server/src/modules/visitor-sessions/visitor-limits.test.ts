import { describe, expect, it } from "vitest";
import { nestingDepthExceeds } from "./visitor-body";
import { memoryCounters } from "./visitor-counters";
import { leadCounters, leadRateOf, type VisitorLimits, visitorLimitsWith } from "./visitor-limits";

const small: VisitorLimits = {
  sessionsPerIp: { max: 5, windowMs: 60_000 },
  eventsPerIp: { max: 5, windowMs: 60_000 },
  leadsPerIpPerQuiz: { max: 2, windowMs: 60_000 },
  leadsPerIp: { max: 3, windowMs: 60_000 },
  leadsPerQuiz: { max: 4, windowMs: 60_000 },
  leadsRefusedPerIpPerQuiz: { max: 4, windowMs: 60_000 },
  leadsRefusedPerIp: { max: 6, windowMs: 60_000 },
};
const ok = { kind: "ok" };
const flag = { kind: "flag" };

describe("lead rates", () => {
  it("take an address's first leads, flag those over the rate, refuse only at the abuse level", async () => {
    const counters = memoryCounters(() => 1_000);
    expect(await leadRateOf(counters, small, "10.0.0.1", 1)).toEqual(ok);
    await counters.add(leadCounters(small, "10.0.0.1", 1));
    expect(await leadRateOf(counters, small, "10.0.0.1", 1)).toEqual(ok);
    await counters.add(leadCounters(small, "10.0.0.1", 1));
    expect(await leadRateOf(counters, small, "10.0.0.1", 1)).toEqual(flag);
    // Across quizzes: a third lead to another quiz is taken as is, a fourth is flagged.
    expect(await leadRateOf(counters, small, "10.0.0.1", 2)).toEqual(ok);
    await counters.add(leadCounters(small, "10.0.0.1", 2));
    expect(await leadRateOf(counters, small, "10.0.0.1", 3)).toEqual(flag);
    // Flagged leads are stored, so counted: at 4 for one quiz the next is refused.
    await counters.add(leadCounters(small, "10.0.0.1", 1));
    await counters.add(leadCounters(small, "10.0.0.1", 1));
    expect(await leadRateOf(counters, small, "10.0.0.1", 1)).toEqual({
      kind: "refuse",
      rule: small.leadsRefusedPerIpPerQuiz,
    });
    // 5 leads of the address: another quiz's lead is flagged; at 6 every one is refused.
    expect(await leadRateOf(counters, small, "10.0.0.1", 4)).toEqual(flag);
    await counters.add(leadCounters(small, "10.0.0.1", 4));
    expect(await leadRateOf(counters, small, "10.0.0.1", 5)).toEqual({
      kind: "refuse",
      rule: small.leadsRefusedPerIp,
    });
  });

  it("under a quiz-wide flood, take each address's first lead and flag the others", async () => {
    const counters = memoryCounters(() => 1_000);
    for (let n = 1; n <= 4; n++) await counters.add(leadCounters(small, `10.0.1.${n}`, 7));
    expect(await leadRateOf(counters, small, "10.0.1.99", 7)).toEqual(ok);
    expect(await leadRateOf(counters, small, "10.0.1.1", 7)).toEqual(flag);
  });

  it("start afresh in the next window", async () => {
    let now = 1_000;
    const counters = memoryCounters(() => now);
    await counters.add(leadCounters(small, "10.0.2.1", 1));
    await counters.add(leadCounters(small, "10.0.2.1", 1));
    expect(await leadRateOf(counters, small, "10.0.2.1", 1)).toEqual(flag);
    expect(counters.windowLeftMs(small.leadsPerIpPerQuiz)).toBe(59_000);
    now = 61_000;
    expect(await leadRateOf(counters, small, "10.0.2.1", 1)).toEqual(ok);
  });

  it("count an IPv6 address per /64", async () => {
    const counters = memoryCounters(() => 1_000);
    await counters.add(leadCounters(small, "2001:db8:1:2::1", 1));
    await counters.add(leadCounters(small, "2001:db8:1:2::ffff", 1));
    expect(await leadRateOf(counters, small, "2001:db8:1:2::abcd", 1)).toEqual(flag);
  });

  it("never refuse below the flagged rate, whatever the settings say", () => {
    const limits = visitorLimitsWith({ perAddressQuiz: 3, perAddress: 5 });
    expect(limits.leadsRefusedPerIpPerQuiz).toEqual(limits.leadsPerIpPerQuiz);
    expect(limits.leadsRefusedPerIp).toEqual(limits.leadsPerIp);
    expect(visitorLimitsWith({ perAddressQuiz: 120, perAddress: 600 })).toMatchObject({
      leadsRefusedPerIpPerQuiz: { max: 120, windowMs: 600_000 },
      leadsRefusedPerIp: { max: 600, windowMs: 3_600_000 },
    });
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
