import { testQuiz, testSession } from "./quiz-fixtures";
import { jsonResponse, renderApp, testOwner } from "./render-app";

const session = testSession();

/**
 * The integration tab of quiz 7 with nothing connected and an empty delivery log;
 * `handler` answers first (a connected target, a refused key).
 */
export function renderIntegrationTab(
  handler: (request: Request, path: string) => Response | undefined,
) {
  return renderApp({
    url: "/quiz/7/integration",
    session,
    handler: (request, path) => {
      const answer = handler(request, path);
      if (answer) return answer;
      if (path === "/userinfo/") return jsonResponse(200, [testOwner]);
      if (path === "/quiz/7/") return jsonResponse(200, testQuiz());
      if (path === "/webhook-integration/quiz/7/") return jsonResponse(200, []);
      if (path === "/integration/email/list/7") return jsonResponse(200, []);
      if (path === "/quiz/7/deliveries/") {
        return jsonResponse(200, { count: 0, next: null, results: [] });
      }
      return undefined;
    },
  });
}
