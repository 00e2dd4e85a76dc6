import type { LeadResponse, LeadSubmission, PublicQuiz } from "@leadquiz/contract";
import type { AnswerMap } from "@leadquiz/engine";
import { texts as en } from "@leadquiz/i18n/visitor/en";
import { render } from "@testing-library/preact";
import userEvent from "@testing-library/user-event";
import { vi } from "vitest";
import type { QuizEvent } from "../events";
import { QuizPlayer } from "../player/quiz-player";
import type { SubmitOutcome } from "../submission-queue";
import type { VisitorTexts } from "../texts";

export const okResponse: LeadResponse = { lead: 1, results: [], redirect_url: null };

/** Renders the player (the preact build: react → preact, src/react-on-preact.ts) with spies. */
export function renderQuiz(
  quiz: PublicQuiz,
  options: { texts?: VisitorTexts; initialAnswers?: AnswerMap; outcome?: SubmitOutcome } = {},
) {
  const submit = vi.fn(
    async (_submission: LeadSubmission): Promise<SubmitOutcome> =>
      options.outcome ?? { status: "sent", response: okResponse },
  );
  const onEvent = vi.fn((_event: QuizEvent) => undefined);
  const navigate = vi.fn((_url: string) => undefined);
  const user = userEvent.setup();
  const view = render(
    <QuizPlayer
      quiz={quiz}
      texts={options.texts ?? en}
      initialAnswers={options.initialAnswers}
      submit={submit}
      onEvent={onEvent}
      navigate={navigate}
    />,
  );
  return { ...view, user, submit, onEvent, navigate };
}

/** The primary button's state (aria-disabled keeps it focusable). */
export function isDisabled(button: HTMLElement): boolean {
  return button.getAttribute("aria-disabled") === "true";
}
