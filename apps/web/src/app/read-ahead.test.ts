import { describe, expect, it } from "vitest";
import { createApiClient } from "@/shared/api/api-client";
import { createSessionStore, type Session } from "@/shared/session/session-store";
import { testQuiz, testSession } from "@/test/quiz-fixtures";
import { jsonResponse, TEST_API, testOwner } from "@/test/render-app";
import { testI18n } from "@/test/test-i18n";
import { type AppServices, createQueryClient } from "./app-services";
import { readAhead } from "./read-ahead";

/**
 * How long a poll may wait: the editor's read-ahead is a chunk of its own (an import the
 * test's first run transforms), which takes more than expect.poll's default second on a busy
 * machine.
 */
const POLL = { timeout: 15_000 };

/** The app's services over a fake API that records the paths it is asked for. */
function servicesWith(session: Session | null) {
  const paths: string[] = [];
  // The start's silent refresh finds `session` (or none).
  const store = createSessionStore({
    restore: async () => {
      if (session) store.set(session);
    },
  });
  const i18n = testI18n("en");
  const api = createApiClient({
    baseUrl: TEST_API,
    session: store,
    getLanguage: () => i18n.language,
    fetch: async (input, init) => {
      const path = new URL(new Request(input, init).url).pathname.replace("/api/v1", "");
      paths.push(path);
      if (path === "/userinfo/") return jsonResponse(200, [testOwner]);
      if (path === "/quiz/7/") return jsonResponse(200, testQuiz());
      if (path === "/quiz/7/question_list/") return jsonResponse(200, []);
      return jsonResponse(404, { detail: "Not found" });
    },
  });
  const services: AppServices = { i18n, session: store, api, queryClient: createQueryClient() };
  return { services, paths };
}

describe("reading ahead as the app boots", () => {
  it("on the editor's questions tab reads the user, the quiz and its list into the cache", async () => {
    const { services, paths } = servicesWith(testSession());
    readAhead(services, "/quiz/7/questions");
    await expect
      .poll(() => services.queryClient.getQueryData(["quiz", 7, "questions"]), POLL)
      .toEqual([]);
    expect(services.queryClient.getQueryData(["quiz", 7])).toMatchObject({ title: "Sofa quiz" });
    expect(services.queryClient.getQueryData(["userinfo"])).toMatchObject({ id: 1 });
    expect(paths.sort()).toEqual(["/quiz/7/", "/quiz/7/question_list/", "/userinfo/"]);
  });

  it("on another editor tab reads the quiz but not the question list", async () => {
    const { services, paths } = servicesWith(testSession());
    readAhead(services, "/quiz/7/results");
    await expect.poll(() => services.queryClient.getQueryData(["quiz", 7]), POLL).toBeTruthy();
    expect(paths.sort()).toEqual(["/quiz/7/", "/userinfo/"]);
  });

  it("on another page reads the user only, and without a session nothing", async () => {
    const signedIn = servicesWith(testSession());
    readAhead(signedIn.services, "/projects");
    await expect.poll(() => signedIn.paths, POLL).toEqual(["/userinfo/"]);

    const anonymous = servicesWith(null);
    readAhead(anonymous.services, "/quiz/7/questions");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(anonymous.paths).toEqual([]);
  });
});
