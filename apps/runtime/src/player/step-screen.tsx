import type { AnswerValue } from "@leadquiz/engine";
import { StartScreen } from "../screens/start-screen";
import { PartScreen } from "./part-screen";
import { loadedScreens, screensPart } from "./parts";
import type { PlayerEvent, PlayerState } from "./player-state";
import type { QuizPlayerProps } from "./quiz-player";

/**
 * The screen of the player's current step: the start page from the entry, every other
 * screen from the later screens' part (PartScreen: "Loading…" until it is there). A function
 * the player calls, not a component: the screens stand where they stood in its tree.
 */
export function renderStepScreen(
  props: QuizPlayerProps,
  state: PlayerState,
  dispatch: (event: PlayerEvent) => void,
  /** Start was pressed before the later screens' part came: "Loading…" until it does. */
  starting: boolean,
  setStarting: (starting: boolean) => void,
  /** Sends the lead (the form calls it with valid contacts). */
  send: () => Promise<void>,
  /** Where the thank-you screen leaves for, if anywhere. */
  redirect: string | null,
) {
  const { quiz } = props;
  const { step, answers, lead } = state;
  const idBase = `lq${quiz.public_key.slice(0, 8)}`;
  const begin = () => {
    if (!state.started) props.onEvent?.({ type: "start" });
  };
  // No way back from the start page, the first screen; elsewhere the flow (its part) says.
  const onBack =
    step.kind !== "start" && loadedScreens().canGoBack(quiz, state)
      ? () => dispatch({ type: "back" })
      : null;
  switch (step.kind) {
    case "start": {
      const start = (
        <StartScreen
          quiz={quiz}
          onStart={() => {
            begin();
            if (screensPart.loaded) {
              dispatch({ type: "start" });
            } else {
              // The next screen and the flow come with the later screens' part (retried).
              setStarting(true);
              void screensPart.load().then(() => dispatch({ type: "start" }));
            }
          }}
        />
      );
      return starting ? <PartScreen part={screensPart} render={() => start} /> : start;
    }
    case "question": {
      const question = quiz.questions.find((q) => q.id === step.question);
      if (!question) return null;
      return (
        <PartScreen
          key={question.id}
          part={screensPart}
          render={({ QuestionScreen }) => (
            <QuestionScreen
              quiz={quiz}
              question={question}
              value={answers[question.id]}
              onChange={(value: AnswerValue | undefined) =>
                dispatch({ type: "change_answer", question: question.id, value })
              }
              onBack={onBack}
              idBase={`${idBase}-q${question.id}`}
              onNext={(value) => {
                begin();
                if (value !== undefined) props.onEvent?.({ type: "answer", question: question.id });
                dispatch({ type: "leave_question", question: question.id, value });
              }}
            />
          )}
        />
      );
    }
    case "results":
      return (
        <PartScreen
          part={screensPart}
          render={({ ResultsScreen, leadResults, shownResults }) => (
            <ResultsScreen
              quiz={quiz}
              results={leadResults(quiz, state) ?? shownResults(quiz, answers)}
              onBack={onBack}
              onNext={() => dispatch({ type: "next" })}
            />
          )}
        />
      );
    case "form":
      return (
        <PartScreen
          part={screensPart}
          render={({ ContactForm }) => (
            <ContactForm
              quiz={quiz}
              values={state.contacts}
              onChange={(patch) => dispatch({ type: "change_contacts", patch })}
              onPhoneFormatted={(typed, formatted) =>
                dispatch({ type: "format_phone", typed, formatted })
              }
              onSubmit={() => void send()}
              onBack={onBack}
              sending={lead.phase === "sending"}
              serverErrors={lead.phase === "editing" ? lead.serverErrors : undefined}
              closed={lead.phase === "editing" && lead.closed === true}
              idBase={`${idBase}-f`}
            />
          )}
        />
      );
    case "thank_you":
      return (
        <PartScreen
          part={screensPart}
          render={({ ThankYouScreen }) => (
            <ThankYouScreen
              quiz={quiz}
              offline={lead.phase === "sent" && lead.offline}
              redirecting={redirect !== null}
            />
          )}
        />
      );
  }
}
