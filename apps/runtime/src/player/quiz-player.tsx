import type { LeadResponse, LeadSubmission, PublicQuiz } from "@leadquiz/contract";
import { FormFieldType } from "@leadquiz/contract/codes";
import { type AnswerMap, progress, reachableQuestions } from "@leadquiz/engine";
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from "react";
import { buttonClasses, designVariables } from "../design";
import type { QuizEvent } from "../events";
import { whenIdle } from "../lazy-part";
import type { PageContext } from "../page-context";
import type { VisitorProgress } from "../partial-lead";
import { preloadPhone } from "../phone-loader";
import type { SubmitOutcome } from "../submission-queue";
import { TextsContext, type VisitorTexts } from "../texts";
import { isVideo } from "../video";
import { AdditionsPanel } from "./additions-panel";
import { loadedScreens, screensPart } from "./parts";
import type { PlayerEvent, PlayerState } from "./player-state";
import { ProgressBar } from "./progress-bar";
import { startState, stepKey } from "./start-state";
import { renderStepScreen } from "./step-screen";
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

export function defaultNavigate(url: string): void {
  try {
    (window.top ?? window).location.assign(url);
  } catch {
    window.location.assign(url);
  }
}

/**
 * On every new screen (`key`): focus its heading, report the funnel step, fetch ahead what
 * the next screens need, leave at the end. Returns the ref the quiz root takes (the
 * headings are looked for in it).
 */
function useScreenChange(
  props: QuizPlayerProps,
  state: PlayerState,
  key: string,
  /** The current question's place among the reachable ones. */
  index: number,
  redirect: string | null,
) {
  const { quiz } = props;
  const { step } = state;
  const emit = (event: QuizEvent) => props.onEvent?.(event);
  const rootRef = useRef<HTMLDivElement>(null);
  /** The screen the host was last told about (null before the first one). */
  const shownKey = useRef<string | null>(null);
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
        index: step.kind === "question" ? index : null,
      },
    });
    const hasPhoneField = quiz.fields.some(
      (field) => field.enabled && field.type === FormFieldType.Phone,
    );
    if (step.kind !== "start" && hasPhoneField) preloadPhone(quiz.language);
    // The later screens' code, fetched in idle time as soon as the quiz shows (docs/adr/0007).
    whenIdle(() => void screensPart.load());
    if (step.kind === "form") emit({ type: "contacts" });
    if (step.kind === "results") emit({ type: "result" });
    if (step.kind === "thank_you" && redirect) (props.navigate ?? defaultNavigate)(redirect);
    if (first) emit({ type: "view" });
  });
  return rootRef;
}

/**
 * The quiz player. Every decision comes from the engine: the first screen, the next and
 * previous ones for the answers, progress, results, additions, whether a question may be
 * left. The state lives in one reducer (player-state.ts: named events, pure), the lead's
 * sending in one hook (use-lead-submission.ts); the player renders the state (the step's
 * screen: step-screen.tsx), dispatches the visitor's actions and, when the screen changes,
 * moves the focus and tells the host (useScreenChange).
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
      props.onEvent?.({ type: "lead", submission_id: submissionId, response }),
  });

  const reachable = reachableQuestions(quiz, answers);
  const currentIndex =
    step.kind === "question" ? reachable.findIndex((q) => q.id === step.question) : -1;
  const rootRef = useScreenChange(props, state, key, currentIndex, redirect);

  const { onProgress } = props;
  const finished = lead.phase !== "editing";
  useEffect(() => {
    onProgress?.({ answers, contacts: state.contacts, finished });
  }, [onProgress, answers, state.contacts, finished]);

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
          {renderStepScreen(props, state, dispatch, starting, setStarting, send, redirect)}
        </div>
        <AdditionsPanel quiz={quiz} answers={answers} step={step} />
      </div>
    </TextsContext.Provider>
  );
}
