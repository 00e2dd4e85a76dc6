import { describe, expect, it } from "vitest";
import { createMemoryStorage, createSessionStore, SESSION_STORAGE_KEY } from "./session-store";

describe("session store", () => {
  it("is not loaded until load() reads the persisted tokens", async () => {
    const storage = createMemoryStorage({
      [SESSION_STORAGE_KEY]: JSON.stringify({ access: "a", refresh: "r", extra: 1 }),
    });
    const store = createSessionStore(storage);
    expect(store.isLoaded()).toBe(false);
    expect(store.get()).toBeNull();

    await store.load();
    expect(store.isLoaded()).toBe(true);
    expect(store.get()).toEqual({ access: "a", refresh: "r" });
  });

  it("ignores a corrupted persisted value", async () => {
    const store = createSessionStore(createMemoryStorage({ [SESSION_STORAGE_KEY]: "{oops" }));
    await expect(store.load()).resolves.toBeNull();
  });

  it("persists only the two tokens and forgets them on clear", () => {
    const storage = createMemoryStorage();
    const store = createSessionStore(storage);
    store.set({ access: "a", refresh: "r" });
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? "null")).toEqual({
      access: "a",
      refresh: "r",
    });
    store.clear();
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(store.get()).toBeNull();
  });
});
