import type { LeadResponse, LeadSubmission, PublicQuiz } from "@leadquiz/contract";
import { FormFieldType } from "@leadquiz/contract/codes";
import { type AnswerMap, type AnswerValue, progress, reachableQuestions } from "@leadquiz/engine";
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from "react";
import { buttonClasses, designVariables } from "../design";
import type { QuizEvent } from "../events";
import { whenIdle } from "../lazy-part";
import type { PageContext } from "../page-context";
import type { VisitorProgress } from "../partial-lead";
import { preloadPhone } from "../phone-loader";
import { StartScreen } from "../screens/start-screen";
import type { SubmitOutcome } from "../submission-queue";
import { TextsContext, type VisitorTexts } from "../texts";
import { isVideo } from "../video";
import { AdditionsPanel } from "./additions-panel";
import { PartScreen } from "./part-screen";
import { loadedScreens, screensPart } from "./parts";
import type { PlayerEvent, PlayerState } from "./player-state";
import { ProgressBar } from "./progress-bar";
import { startState, stepKey } from "./start-state";
import { type Schedule, useLeadSubmission } from "./use-lead-submission";

export interface QuizPlayerProps {
  quiz: PublicQuiz;
  texts: VisitorTexts;
  initialAnswers?: AnswerMap | undefined;
  /** Hands the lead over (to the submission queue); resolves after the first attempt. */
  submit?: ((submission: LeadSubmission) => Promise<SubmitOutcome>) | undefined;
  onEvent?: ((event: QuizEvent) => void) | undefined;
  /** Where the visitor is (a getter when it may change, e.g. the embed's `context`). */
  pageContext?: PageContext | (() => PageContext) | undefined;
  /** The visitor session's id, or a getter for it (the session is made in the background). */
  session?: string | null | (() => string | null) | undefined;
  /** Leaves for the thank-you address (the top window's location by default). */
  navigate?: ((url: string) => void) | undefined;
  /** Subscribes to the queue's acknowledgements (a lead that waited offline got through). */
  watchAcknowledged?:
    | ((
        listener: (submission: LeadSubmission, response: LeadResponse | null) => void,
      ) => () => void)
    | undefined;
  /** How long "Sending…" may show before the next screen comes anyway (ms). */
  sendingWaitMs?: number | undefined;
  /** The clock of the sending wait (timers by default; tests pass their own). */
  schedule?: Schedule | undefined;
  /** What the visitor gave so far, after each change (partial leads, docs/leads.md). */
  onProgress?: ((progress: VisitorProgress) => void) | undefined;
}

/** Fetches the later screens' code in idle time, as soon as the quiz shows (docs/adr/0007). */
function prefetchScreens(): void {
  whenIdle(() => void screensPart.load());
}

export function defaultNavigate(url: string): void {
  try {
    (window.top ?? window).location.assign(url);
  } catch {
    window.location.assign(url);
  }
}

/**
 * The quiz player. Every decision comes from the engine: the first screen, the next and
 * previous ones for the answers, progress, results, additions, whether a question may be
 * left. The state lives in one reducer (player-state.ts: named events, pure), the lead's
 * sending in one hook (use-lead-submission.ts); the player renders the state, dispatches
 * the visitor's actions and, when the screen changes, moves the focus and tells the host.
 */
export function QuizPlayer(props: QuizPlayerProps) {
  const { quiz, texts } = props;
  // The reducer is the flow's, in the later screens' part: every event but Start comes from
  // one of its screens, and Start waits for it (below). A quiz without a start page begins
  // on one of its screens, which mount and the preview wait for.
  const [state, dispatch] = useReducer(
    (current: PlayerState, event: PlayerEvent) =>
      screensPart.loaded ? screensPart.loaded.playerReducer(quiz, current, event) : current,
    props.initialAnswers,
    (answers) => startState(quiz, answers) ?? loadedScreens().initialPlayerState(quiz, answers),
  );
  /** Start was pressed before the later screens' part came: "Loading…" until it does. */
  const [starting, setStarting] = useState(false);
  const { step, answers, lead } = state;
  const rootRef = useRef<HTMLDivElement>(null);
  /** The screen the host was last told about (null before the first one). */
  const shownKey = useRef<string | null>(null);
  const emit = (event: QuizEvent) => props.onEvent?.(event);
  const idBase = `lq${quiz.public_key.slice(0, 8)}`;
  const key = stepKey(step);
  // Screens after the first slide in (styles.css); the first one (server-rendered) stands.
  const firstKey = useRef(key);
  const moved = useRef(false);
  if (key !== firstKey.current) moved.current = true;
  const redirect =
    (lead.phase === "sent" ? lead.redirect : null) ??
    (step.kind === "thank_you" ? step.redirect_url : null);

  const send = useLeadSubmission({
    quiz,
    state,
    dispatch,
    submit: props.submit,
    session: props.session,
    pageContext: props.pageContext,
    sendingWaitMs: props.sendingWaitMs,
    schedule: props.schedule,
    watchAcknowledged: props.watchAcknowledged,
    onLead: (submissionId, response) =>
      emit({ type: "lead", submission_id: submissionId, response }),
  });

  // On every new screen: focus its heading, report the funnel step, leave at the end.
  // Layout effect: the focus moves in the same frame as the new screen appears.
  useLayoutEffect(() => {
    if (shownKey.current === key) return;
    const first = shownKey.current === null;
    shownKey.current = key;
    if (!first) rootRef.current?.querySelector<HTMLElement>("[data-lq-heading]")?.focus();
    emit({
      type: "step",
      step: {
        kind: step.kind,
        question: step.kind === "question" ? step.question : null,
        index:
          step.kind === "question"
            ? reachableQuestions(quiz, answers).findIndex((q) => q.id === step.question)
            : null,
      },
    });
    const hasPhoneField = quiz.fields.some(
      (field) => field.enabled && field.type === FormFieldType.Phone,
    );
    if (step.kind !== "start" && hasPhoneField) preloadPhone(quiz.language);
    prefetchScreens();
    if (step.kind === "form") emit({ type: "contacts" });
    if (step.kind === "results") emit({ type: "result" });
    if (step.kind === "thank_you" && redirect) (props.navigate ?? defaultNavigate)(redirect);
    if (first) emit({ type: "view" });
  });

  const { onProgress } = props;
  const finished = lead.phase !== "editing";
  useEffect(() => {
    onProgress?.({ answers, contacts: state.contacts, finished });
  }, [onProgress, answers, state.contacts, finished]);

  const begin = () => {
    if (!state.started) emit({ type: "start" });
  };
  // No way back from the start page, the first screen; elsewhere the flow (its part) says.
  const onBack =
    step.kind !== "start" && loadedScreens().canGoBack(quiz, state)
      ? () => dispatch({ type: "back" })
      : null;
  const reachable = reachableQuestions(quiz, answers);
  const currentIndex =
    step.kind === "question" ? reachable.findIndex((q) => q.id === step.question) : -1;
  const style = designVariables(quiz.design);
  const background = quiz.design.background_image;
  const backgroundVideo = background !== null && isVideo(background);

  return (
    <TextsContext.Provider value={texts}>
      <div
        ref={rootRef}
        className={`lq-root ${buttonClasses(quiz.design.button_style)}${background ? (backgroundVideo ? " lq-root--video" : " lq-root--bg") : ""}`}
        style={style}
        lang={quiz.language}
        data-lq-step={key}
        data-lq-moved={moved.current ? "" : undefined}
      >
        {backgroundVideo ? (
          <video
            className="lq-bg-video"
            src={background}
            autoPlay
            muted
            loop
            playsInline
            preload="metadata"
            aria-hidden="true"
            tabIndex={-1}
          />
        ) : null}
        <div className="lq-card">
          {quiz.design.progress_bar ? (
            <ProgressBar
              value={progress(quiz, answers)}
              current={currentIndex + 1}
              total={reachable.length}
              visible={step.kind === "question"}
            />
          ) : null}
          {renderScreen()}
        </div>
        <AdditionsPanel quiz={quiz} answers={answers} step={step} />
      </div>
    </TextsContext.Provider>
  );

  function renderScreen() {
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
                  if (value !== undefined) emit({ type: "answer", question: question.id });
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
}
