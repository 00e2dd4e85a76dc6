import type { Quiz } from "@leadquiz/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { testQuiz, testSession } from "../../../test/quiz-fixtures";
import { type FakeHandler, jsonResponse, renderApp, testOwner } from "../../../test/render-app";

const session = testSession();
const user = testOwner;
const quizWith = (design: Partial<Quiz["design"]>) => testQuiz({ design });

function api(quiz: Quiz): FakeHandler {
  return (request, path) => {
    if (path === "/userinfo/") return jsonResponse(200, [user]);
    if (path === "/fontlist/") {
      return jsonResponse(200, [{ id: 3, name: "Lora", family: "Lora, serif", url: "/f.css" }]);
    }
    if (path === "/quiz/7/" && request.method === "PATCH") {
      return request.json().then((body: { design?: Partial<Quiz["design"]> }) => {
        Object.assign(quiz.design, body.design);
        return jsonResponse(200, quiz);
      });
    }
    if (path === "/quiz/7/") return jsonResponse(200, quiz);
    return undefined;
  };
}

describe("the design tab", { timeout: 40_000 }, () => {
  it("warns when a text colour is hard to read on its background, and only then", async () => {
    await renderApp({
      url: "/quiz/7/design-settings",
      session,
      handler: api(quizWith({ text_color: "#777777", background_color: "#ffffff" })),
    });
    expect(await screen.findByTestId("design-text_color-contrast")).toBeTruthy();
    expect(screen.getByText(/contrast with “Background colour” is below 4.5:1/)).toBeTruthy();
    // White on the default blue button passes: no warning for the button text.
    expect(screen.queryByTestId("design-button_text_color-contrast")).toBeNull();
  });

  it("writes a typed colour once the field is left, and the warning follows the new pair", async () => {
    const { requests } = await renderApp({
      url: "/quiz/7/design-settings",
      session,
      handler: api(quizWith({})),
    });
    const input = await screen.findByTestId("design-button_color");
    fireEvent.change(input, { target: { value: "#ffff00" } });
    // Yellow under white button text fails AA; the warning shows while typing.
    expect(await screen.findByTestId("design-button_text_color-contrast")).toBeTruthy();
    // …and yellow as text on the white page (the Back button, links) fails too.
    expect(screen.getByTestId("design-button_color-contrast").textContent).toContain(
      "the Back button, unfilled buttons, links",
    );
    fireEvent.blur(input);
    await waitFor(() =>
      expect(requests.filter((r) => r.method === "PATCH").map((r) => r.body)).toEqual([
        { design: { button_color: "#ffff00" } },
      ]),
    );
  });
});
