import type { PublicQuiz } from "@leadquiz/contract";
import { PREVIEW_SOURCE, readPreviewFrameMessage } from "@leadquiz/contract/preview";
import { texts as en } from "@leadquiz/i18n/visitor/en";
import { screen, waitFor } from "@testing-library/preact";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startPreview } from "./preview";
import { choiceQuestion, quiz } from "./test/fixtures";

const fetchSpy = vi.fn(async () => new Response(null, { status: 204 }));
let stop: () => void = () => undefined;
let shown: number[];
const onShown = (event: MessageEvent) => {
  const message = readPreviewFrameMessage(event.data);
  if (message?.type === "shown") shown.push(message.seq);
};

beforeEach(() => {
  shown = [];
  vi.stubGlobal("fetch", fetchSpy);
  window.addEventListener("message", onShown);
  const element = document.createElement("div");
  document.body.append(element);
  stop = startPreview({ window, element, loadTexts: async () => en });
});
afterEach(() => {
  stop();
  window.removeEventListener("message", onShown);
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

/** A message as the editor (the parent window, jsdom's own window here) sends it. */
function send(data: unknown, origin = window.location.origin) {
  window.dispatchEvent(new MessageEvent("message", { data, origin, source: window }));
}
const show = (seq: number, snapshot: PublicQuiz, restart = false) =>
  send({ source: PREVIEW_SOURCE, type: "show", seq, quiz: snapshot, restart });

const twoQuestions = (firstTitle: string) =>
  quiz({
    questions: [
      choiceQuestion(1, ["Flat", "House"], [0, 0], { title: firstTitle }),
      choiceQuestion(2, ["Yes", "No"], [0, 0], { title: "Second?" }),
    ],
  });
const heading = () => screen.getByRole("heading", { level: 2 }).textContent;

describe("the editor's preview frame", () => {
  it("shows the posted snapshot and walks to the thank-you screen without the server", async () => {
    const user = userEvent.setup();
    show(1, twoQuestions("Where do you live?"));
    await waitFor(() => expect(heading()).toContain("Where do you live?"));
    await waitFor(() => expect(shown).toEqual([1]));
    await user.click(screen.getByRole("radio", { name: "House" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(heading()).toContain("Second?");
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(heading()).toContain("Where do you live?");
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("radio", { name: "Yes" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.type(screen.getByLabelText(/^Name/), "Ann");
    await user.type(screen.getByLabelText(/^Phone/), "+48601234567");
    await user.click(screen.getByRole("checkbox", { name: /privacy policy/ }));
    await user.click(screen.getByRole("button", { name: en.submit }));
    await waitFor(() => expect(heading()).toBe(en.thank_you_title));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("keeps the visitor's screen on a new snapshot; starts over when it is gone", async () => {
    const user = userEvent.setup();
    show(1, twoQuestions("Where do you live?"));
    await waitFor(() => expect(heading()).toContain("Where do you live?"));
    await user.click(screen.getByRole("radio", { name: "Flat" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(heading()).toContain("Second?");

    const renamed = twoQuestions("Where are you?");
    const second = renamed.questions[1];
    if (second) second.title = "Second, renamed?";
    show(2, renamed);
    await waitFor(() => expect(heading()).toContain("Second, renamed?"));
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(heading()).toContain("Where are you?");
    await user.click(screen.getByRole("button", { name: "Next" }));

    show(3, quiz({ questions: [choiceQuestion(1, ["Flat"], [0], { title: "Only one" })] }));
    await waitFor(() => expect(heading()).toContain("Only one"));
    await waitFor(() => expect(shown).toEqual([1, 2, 3]));
  });

  // docs/adr/0016-visitor-origin.md: why the preview may stay on the owner app's origin.
  it("runs none of the owner's tags, whatever ids the snapshot carries", async () => {
    const tagged: PublicQuiz = {
      ...twoQuestions("Tagged"),
      analytics: { gtm_id: "GTM-ABC1", ga_id: "G-ABC123", pixel_id: "123", tiktok_id: "C123" },
    };
    show(1, tagged);
    await waitFor(() => expect(heading()).toContain("Tagged"));
    await waitFor(() => expect(shown).toEqual([1]));
    expect(document.querySelectorAll("script")).toHaveLength(0);
    const w = window as unknown as Record<string, unknown>;
    for (const name of ["dataLayer", "gtag", "fbq", "ttq", "google_tag_manager"]) {
      expect(w[name], name).toBeUndefined();
    }
  });

  it("ignores other origins, malformed messages and snapshots older than the one shown", async () => {
    send(
      { source: PREVIEW_SOURCE, type: "show", seq: 1, quiz: twoQuestions("Evil") },
      "https://evil.example",
    );
    send({ source: PREVIEW_SOURCE, type: "show", seq: "1", quiz: twoQuestions("Bad seq") });
    send({ source: PREVIEW_SOURCE, type: "show", seq: 1, quiz: { questions: "none" } });
    send({ source: "other", type: "show", seq: 1, quiz: twoQuestions("Other source") });
    show(5, twoQuestions("Current"));
    await waitFor(() => expect(heading()).toContain("Current"));
    show(4, twoQuestions("Stale"));
    show(6, twoQuestions("Newest"));
    await waitFor(() => expect(heading()).toContain("Newest"));
    await waitFor(() => expect(shown).toEqual([5, 6]));
  });
});
