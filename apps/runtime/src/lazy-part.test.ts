import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyPart } from "./lazy-part";

afterEach(() => {
  vi.useRealTimers();
});

/** An import that fails `failures` times (offline), then gives the module. */
function flakyImport(failures: number) {
  let calls = 0;
  const importer = vi.fn(async () => {
    calls += 1;
    if (calls <= failures) throw new TypeError("Failed to fetch dynamically imported module");
    return { name: "screen" };
  });
  return importer;
}

describe("a lazy part", () => {
  it("is imported once, however often it is asked for", async () => {
    const importer = flakyImport(0);
    const part = lazyPart(importer);
    expect(part.loaded).toBeUndefined();
    const [first, second] = await Promise.all([part.load(), part.load()]);
    expect(first).toBe(second);
    expect(part.loaded).toBe(first);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it("is tried again after a failure, later and later, until it comes", async () => {
    vi.useFakeTimers();
    const importer = flakyImport(2);
    const part = lazyPart(importer);
    let arrived: unknown = null;
    void part.load().then((module) => {
      arrived = module;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(importer).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(importer).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(importer).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(importer).toHaveBeenCalledTimes(3);
    expect(arrived).toEqual({ name: "screen" });
  });

  it("is tried again at once when the browser is back online", async () => {
    vi.useFakeTimers();
    const importer = flakyImport(1);
    const part = lazyPart(importer);
    const loading = part.load();
    await vi.advanceTimersByTimeAsync(0);
    window.dispatchEvent(new Event("online"));
    expect(await loading).toEqual({ name: "screen" });
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it("can be handed over without loading (the server renderer)", () => {
    const importer = flakyImport(0);
    const part = lazyPart(importer);
    part.provide({ name: "given" });
    expect(part.loaded).toEqual({ name: "given" });
    expect(importer).not.toHaveBeenCalled();
  });
});
