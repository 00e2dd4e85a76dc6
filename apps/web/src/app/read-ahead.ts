import { userQueryOptions } from "@/shared/api/user-queries";
import type { AppServices } from "./app-services";

/**
 * Starts, as the app boots, the reads the opened address will wait for, instead of when its
 * page has mounted: its route chunks, the dictionaries and these reads then load side by side
 * (docs/editor.md "Start time"). Only with a session: without one the page is the sign-in.
 * The signed-in user (every guarded page) and, on the quiz editor, what its first screen
 * shows; the editor's part comes with its own small chunk.
 */
export function readAhead(services: AppServices, pathname: string): void {
  const { session, queryClient, api } = services;
  void session.load().then((loaded) => {
    if (!loaded) return;
    void queryClient.prefetchQuery(userQueryOptions(api));
    if (pathname.startsWith("/quiz/")) {
      void import("../features/quiz-editor/read-ahead").then(
        (editor) => editor.readAheadEditor(queryClient, api, pathname),
        // The pages read for themselves when they mount; a chunk that failed to load here is
        // loaded (and its failure shown) by the route.
        () => undefined,
      );
    }
  });
}
