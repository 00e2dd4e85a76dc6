import { describe, expect, it } from "vitest";
import { channelHub } from "@/test/session-channels";
import {
  createSessionStore,
  forgetLegacySession,
  LEGACY_SESSION_STORAGE_KEY,
} from "./session-store";

describe("session store", () => {
  it("keeps the access token in memory only: nothing in localStorage or sessionStorage", async () => {
    const store = createSessionStore({
      restore: async () => store.set({ access: "a.b.c" }),
    });
    await store.load();
    store.signIn({ access: "d.e.f" });
    expect(store.get()).toEqual({ access: "d.e.f" });
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
    expect(document.cookie).toBe("");
  });

  it("is not loaded until the start's silent refresh has answered, and runs it once", async () => {
    let restores = 0;
    let answer: () => void = () => undefined;
    const store = createSessionStore({
      restore: () => {
        restores += 1;
        return new Promise<void>((resolve) => {
          answer = () => {
            store.set({ access: "a.b.c" });
            resolve();
          };
        });
      },
    });
    const loading = store.load();
    void store.load();
    expect(store.isLoaded()).toBe(false);
    expect(store.get()).toBeNull();
    answer();
    await expect(loading).resolves.toEqual({ access: "a.b.c" });
    expect(store.isLoaded()).toBe(true);
    expect(restores).toBe(1);
  });

  it("a failed start means signed out, and tells no other tab", async () => {
    const hub = channelHub();
    const store = createSessionStore({
      restore: async () => {
        store.clear();
        throw new Error("401");
      },
      channel: hub.channel(),
    });
    await expect(store.load()).resolves.toBeNull();
    expect(store.isLoaded()).toBe(true);
    expect(hub.posted).toEqual([]);
  });

  it("tells the other tabs of a sign-in (they refresh) and of a sign-out (they clear)", async () => {
    const hub = channelHub();
    let otherRestores = 0;
    const tab = createSessionStore({ restore: async () => undefined, channel: hub.channel() });
    const other = createSessionStore({
      restore: async () => {
        otherRestores += 1;
        other.set({ access: `other-${otherRestores}` });
      },
      channel: hub.channel(),
    });
    await Promise.all([tab.load(), other.load()]);
    expect(otherRestores).toBe(1);
    tab.signIn({ access: "a.b.c" });
    await Promise.resolve();
    expect(otherRestores).toBe(2);
    expect(other.get()).toEqual({ access: "other-2" });
    tab.clear();
    expect(hub.posted).toEqual(["signed-in", "signed-out"]);
    expect(other.get()).toBeNull();
    expect(tab.get()).toBeNull();
  });

  it("counts sign-ins and sign-outs, not refreshes", () => {
    const store = createSessionStore({ restore: async () => undefined });
    const before = store.version();
    store.set({ access: "refreshed" });
    expect(store.version()).toBe(before);
    store.signIn({ access: "signed-in" });
    store.clear();
    expect(store.version()).toBe(before + 2);
  });

  it("deletes the tokens earlier versions kept in localStorage", () => {
    window.localStorage.setItem(
      LEGACY_SESSION_STORAGE_KEY,
      JSON.stringify({ access: "a", refresh: "r" }),
    );
    window.localStorage.setItem("leadquiz.language", "ru");
    forgetLegacySession(window.localStorage);
    expect(window.localStorage.getItem(LEGACY_SESSION_STORAGE_KEY)).toBeNull();
    expect(window.localStorage.getItem("leadquiz.language")).toBe("ru");
    window.localStorage.clear();
  });
});
