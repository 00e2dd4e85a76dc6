import { describe, expect, it } from "vitest";
import { expiringLookup, LIVE_QUIZ_TTL_MS } from "./public-quiz-lookup";

/** A loader the test answers by hand, counting the loads per key. */
function heldLoads() {
  const loads: { key: string; answer(value: string | null): void }[] = [];
  const load = (key: string) =>
    new Promise<string | null>((resolve) => {
      loads.push({ key, answer: resolve });
    });
  return { loads, load };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("expiringLookup (the visitor calls' quiz by public key)", () => {
  it("loads a key once for every call that asks while it is being loaded", async () => {
    const { loads, load } = heldLoads();
    const lookup = expiringLookup(load, () => 0);
    const calls = [lookup.get("k"), lookup.get("k"), lookup.get("k")];
    expect(loads).toHaveLength(1);
    loads[0]?.answer("quiz v1");
    await expect(Promise.all(calls)).resolves.toEqual(["quiz v1", "quiz v1", "quiz v1"]);
    await expect(lookup.get("k")).resolves.toBe("quiz v1");
    expect(loads).toHaveLength(1);
  });

  it("refreshes an entry in the background near its end, answering from it meanwhile", async () => {
    let now = 0;
    const { loads, load } = heldLoads();
    const lookup = expiringLookup(load, () => now);
    const first = lookup.get("k");
    loads[0]?.answer("quiz v1");
    await first;

    now = LIVE_QUIZ_TTL_MS * 0.5;
    await expect(lookup.get("k")).resolves.toBe("quiz v1");
    expect(loads).toHaveLength(1);

    now = LIVE_QUIZ_TTL_MS * 0.9; // the last fifth: one refresh, the entry still answers
    await expect(lookup.get("k")).resolves.toBe("quiz v1");
    await expect(lookup.get("k")).resolves.toBe("quiz v1");
    expect(loads).toHaveLength(2);
    loads[1]?.answer("quiz v2");
    await settle();
    await expect(lookup.get("k")).resolves.toBe("quiz v2");

    // The refreshed entry has a time of its own.
    now = LIVE_QUIZ_TTL_MS * 0.9 + LIVE_QUIZ_TTL_MS * 0.5;
    await expect(lookup.get("k")).resolves.toBe("quiz v2");
    expect(loads).toHaveLength(2);
  });

  it("never answers an entry past its time: the call waits for the database", async () => {
    let now = 0;
    const { loads, load } = heldLoads();
    const lookup = expiringLookup(load, () => now);
    const first = lookup.get("k");
    loads[0]?.answer("quiz v1");
    await first;
    now = LIVE_QUIZ_TTL_MS; // ran out without any call in its last fifth
    const call = lookup.get("k");
    expect(loads).toHaveLength(2);
    loads[1]?.answer(null); // hidden meanwhile: not found now
    await expect(call).resolves.toBeNull();
  });

  it("does not keep what is not found, nor what a load started before clear() found", async () => {
    const { loads, load } = heldLoads();
    const lookup = expiringLookup(load, () => 0);
    const missing = lookup.get("k");
    loads[0]?.answer(null);
    await expect(missing).resolves.toBeNull();
    const before = lookup.get("k");
    expect(loads).toHaveLength(2);
    lookup.clear();
    loads[1]?.answer("quiz before the change");
    await before;
    const after = lookup.get("k");
    expect(loads).toHaveLength(3);
    loads[2]?.answer("quiz after the change");
    await expect(after).resolves.toBe("quiz after the change");
  });
});
