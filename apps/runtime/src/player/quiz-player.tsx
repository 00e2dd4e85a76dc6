import type { LeadResponse, LeadSubmission, PublicQuiz } from "@leadquiz/contract";
import {
  type AnswerMap,
  type AnswerValue,
  firstStep,
  nextStep,
  previousStep,
  progress,
  reachableQuestions,
  type Step,
  shownResults,
} from "@leadquiz/engine";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { buttonClasses, designVariables } from "../design";
import { type QuizEvent, reportLeadToAnalytics } from "../events";
import { emptyPageContext, type PageContext } from "../page-context";
import { preloadPhone } from "../phone-loader";
import { QuestionScreen } from "../questions/question-screen";
import { ContactForm, type ServerFieldErrors, serverFieldErrors } from "../screens/contact-form";
import { ResultsScreen } from "../screens/results-screen";
import { StartScreen } from "../screens/start-screen";
import { ThankYouScreen } from "../screens/thank-you-screen";
import { buildSubmission, type ContactValues, emptyContacts, newSubmissionId } from "../submission";
import type { SubmitOutcome } from "../submission-queue";
import { TextsContext, type VisitorTexts } from "../texts";
import { AdditionsPanel } from "./additions-panel";
import { ProgressBar } from "./progress-bar";

export interface QuizPlayerProps {
  quiz: PublicQuiz;
  texts: VisitorTexts;
  initialAnswers?: AnswerMap;
  /** Hands the lead over (to the submission queue); resolves after the first attempt. */
  submit?: (submission: LeadSubmission) => Promise<SubmitOutcome>;
  onEvent?: (event: QuizEvent) => void;
  /** Where the visitor is (a getter when it may change, e.g. the embed's `context`). */
  pageContext?: PageContext | (() => PageContext);
  /** The visitor session's id, or a getter for it (the session is made in the background). */
  session?: string | null | (() => string | null);
  /** Leaves for the thank-you address (the top window's location by default). */
  navigate?: (url: string) => void;
  /** Subscribes to the queue's acknowledgements (a lead that waited offline got through). */
  watchAcknowledged?: (
    listener: (submission: LeadSubmission, response: LeadResponse | null) => void,
  ) => () => void;
  /** How long "Sending…" may show before the next screen comes anyway (ms). */
  sendingWaitMs?: number;
}

/** Past this, the visitor sees the next screen while the lead keeps trying in the background. */
export const SENDING_WAIT_MS = 4000;

const noSubmit = async (): Promise<SubmitOutcome> => ({ status: "queued" });

function stepKey(step: Step): string {
  return step.kind === "question" ? `q${step.question}` : step.kind;
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
 * left. The player only keeps the answers and the screen, and talks to the visitor.
 */
export function QuizPlayer(props: QuizPlayerProps) {
  const { quiz, texts } = props;
  const [answers, setAnswers] = useState<AnswerMap>(props.initialAnswers ?? {});
  const [step, setStep] = useState<Step>(() => firstStep(quiz, props.initialAnswers ?? {}));
  const [contacts, setContacts] = useState<ContactValues>(emptyContacts);
  const [sending, setSending] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [offline, setOffline] = useState(false);
  const [serverRedirect, setServerRedirect] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<ServerFieldErrors | undefined>(undefined);
  const rootRef = useRef<HTMLDivElement>(null);
  const started = useRef(false);
  const submissionId = useRef<string | null>(null);
  const firstRender = useRef(true);
  const emit = (event: QuizEvent) => props.onEvent?.(event);
  const idBase = `lq${quiz.public_key.slice(0, 8)}`;
  const key = stepKey(step);
  const hasPhoneField = quiz.fields.some((field) => field.enabled && field.type === 2);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount
  useEffect(() => {
    emit({ type: "view" });
  }, []);

  // A lead that waited for the connection got through: the note goes.
  const watch = props.watchAcknowledged;
  useEffect(
    () =>
      watch?.((submission) => {
        if (submission.submission_id === submissionId.current) setOffline(false);
      }),
    [watch],
  );

  // On every new screen: focus its heading, report the funnel step, leave at the end.
  // Layout effect: the focus moves in the same frame as the new screen appears.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the screen changes
  useLayoutEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
    } else {
      rootRef.current?.querySelector<HTMLElement>("[data-lq-heading]")?.focus();
    }
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
    if (step.kind !== "start" && hasPhoneField) preloadPhone(quiz.language);
    if (step.kind === "form") emit({ type: "contacts" });
    if (step.kind === "results") emit({ type: "result" });
    if (step.kind === "thank_you") {
      const url = serverRedirect ?? step.redirect_url;
      if (url) (props.navigate ?? defaultNavigate)(url);
    }
  }, [key]);

  const markStarted = () => {
    if (started.current) return;
    started.current = true;
    emit({ type: "start" });
  };
  const go = (next: Step | null) => {
    if (next) setStep(next);
  };
  const back = (): (() => void) | null => {
    if (submitted) return null;
    const previous = previousStep(quiz, answers, step);
    return previous ? () => setStep(previous) : null;
  };

  const submitLead = async () => {
    const formStep = step;
    setSending(true);
    setServerErrors(undefined);
    submissionId.current = submissionId.current ?? newSubmissionId();
    const session = typeof props.session === "function" ? props.session() : props.session;
    const submission = buildSubmission({
      quiz,
      answers,
      contacts,
      page:
        (typeof props.pageContext === "function" ? props.pageContext() : props.pageContext) ??
        emptyPageContext,
      session: session ?? null,
      submissionId: submissionId.current,
    });
    const first = (props.submit ?? noSubmit)(submission);
    // "Sending…" for a few seconds at most: then the next screen, while the queue retries.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), props.sendingWaitMs ?? SENDING_WAIT_MS);
    });
    const outcome = await Promise.race([first, waited]);
    clearTimeout(timer);
    setSending(false);
    if (outcome?.status === "rejected") {
      const errors = serverFieldErrors(outcome.body);
      if (Object.keys(errors).length > 0) {
        // The server refused the lead as it is (400): the visitor corrects it and sends again.
        submissionId.current = null;
        setServerErrors(errors);
        return;
      }
    }
    setSubmitted(true);
    setOffline(outcome === null || outcome.status === "queued");
    const response = outcome?.status === "sent" ? outcome.response : null;
    setServerRedirect(response?.redirect_url || null);
    emit({ type: "lead", submission_id: submission.submission_id, response });
    if (outcome?.status !== "rejected") reportLeadToAnalytics(quiz, submission.submission_id);
    go(nextStep(quiz, answers, formStep));
    if (outcome === null) {
      // Moved on before the first answer: a late refusal with field errors brings the form back.
      void first.then((late) => {
        if (late.status === "sent") setOffline(false);
        if (late.status !== "rejected") return;
        const errors = serverFieldErrors(late.body);
        if (Object.keys(errors).length === 0) return;
        submissionId.current = null;
        setSubmitted(false);
        setServerErrors(errors);
        setStep(formStep);
      });
    }
  };

  const reachable = reachableQuestions(quiz, answers);
  const currentIndex =
    step.kind === "question" ? reachable.findIndex((q) => q.id === step.question) : -1;
  const style = designVariables(quiz.design);

  return (
    <TextsContext.Provider value={texts}>
      <div
        ref={rootRef}
        className={`lq-root ${buttonClasses(quiz.design.button_style)}${quiz.design.background_image ? " lq-root--bg" : ""}`}
        style={style}
        lang={quiz.language}
        data-lq-step={key}
      >
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
      case "start":
        return (
          <StartScreen
            quiz={quiz}
            onStart={() => {
              markStarted();
              go(nextStep(quiz, answers, step));
            }}
          />
        );
      case "question": {
        const question = quiz.questions.find((q) => q.id === step.question);
        if (!question) return null;
        const setAnswer = (value: AnswerValue | undefined) =>
          setAnswers((current) => ({ ...current, [question.id]: value }));
        return (
          <QuestionScreen
            key={question.id}
            quiz={quiz}
            question={question}
            value={answers[question.id]}
            onChange={setAnswer}
            onBack={back()}
            idBase={`${idBase}-q${question.id}`}
            onNext={(value) => {
              markStarted();
              const updated = { ...answers, [question.id]: value };
              setAnswers(updated);
              if (value !== undefined) emit({ type: "answer", question: question.id });
              go(nextStep(quiz, updated, step));
            }}
          />
        );
      }
      case "results":
        return (
          <ResultsScreen
            quiz={quiz}
            results={shownResults(quiz, answers)}
            onBack={back()}
            onNext={() => go(nextStep(quiz, answers, step))}
          />
        );
      case "form":
        return (
          <ContactForm
            quiz={quiz}
            values={contacts}
            onChange={setContacts}
            onSubmit={() => void submitLead()}
            onBack={back()}
            sending={sending}
            serverErrors={serverErrors}
            idBase={`${idBase}-f`}
          />
        );
      case "thank_you":
        return (
          <ThankYouScreen
            quiz={quiz}
            offline={offline}
            redirecting={(serverRedirect ?? step.redirect_url) !== null}
          />
        );
    }
  }
}
