import type { PublicQuestion, PublicQuiz } from "@leadquiz/contract";
import { type AnswerValue, answerProblem, assertNever, canProceed } from "@leadquiz/engine";
import { useEffect, useRef, useState } from "react";
import { Media } from "../player/media";
import { Nav, PrimaryButton } from "../player/nav";
import { YouTube } from "../player/youtube";
import { useTexts } from "../texts";
import {
  type AnswerInputProps,
  inputLayout,
  isChoiceValue,
  isGroup,
  shownAnswer,
} from "./answer-input";
import { ChoiceInput } from "./choice-input";
import { DateInput } from "./date-input";
import { RatingInput } from "./rating-input";
import { SelectInput } from "./select-input";
import { SliderInput } from "./slider-input";
import { TextInput } from "./text-input";

export interface QuestionScreenProps {
  quiz: PublicQuiz;
  question: PublicQuestion;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue | undefined) => void;
  /** Leaves the question with the answer it stands at (the engine allowed it). */
  onNext: (value: AnswerValue | undefined) => void;
  onBack: (() => void) | null;
  idBase: string;
}

/** How long a clicked answer shows as chosen before an auto-advancing question moves on. */
const AUTO_ADVANCE_MS = 300;
/** A choice counts as clicked when a pointer went down on the question this recently. */
const POINTER_WINDOW_MS = 1_000;

/**
 * Whether the question moves on by itself once an answer is clicked: the quiz's
 * `design.auto_advance`, on a List or Cards question with one answer.
 */
function autoAdvances(quiz: PublicQuiz, question: PublicQuestion): boolean {
  const layout = inputLayout(question.type);
  return (
    quiz.design.auto_advance === true &&
    (layout === "list" || layout === "cards") &&
    question.config.multi_answers !== true
  );
}

/**
 * One question: its title (focused on arrival), description, media, the input of its
 * type, and Next, which stays disabled (aria-disabled, still focusable) until the engine's
 * `canProceed` allows it; trying anyway says why. With auto-advance, a click on an answer
 * moves on after a moment; the keyboard (arrows pick, Enter goes on) and the own answer
 * never do, so nobody is carried past a question by moving through its options.
 */
export function QuestionScreen(props: QuestionScreenProps) {
  const { quiz, question, value, onChange, idBase } = props;
  const t = useTexts();
  const [tried, setTried] = useState(false);
  const shown = shownAnswer(question, value);
  const allowed = canProceed(question, shown);
  const problem = answerProblem(question, shown);
  const message =
    problem === "reversed_range" ? t.invalid_range : tried && !allowed ? t.required_answer : "";
  const headingId = `${idBase}-title`;
  const messageId = `${idBase}-message`;
  const lastPointer = useRef(0);
  const advance = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancelAdvance = () => {
    if (advance.current !== null) clearTimeout(advance.current);
    advance.current = null;
  };
  // Leaving the question (or the quiz) drops a pending advance.
  useEffect(
    () => () => {
      if (advance.current !== null) clearTimeout(advance.current);
    },
    [],
  );
  const maybeAdvance = (changed: AnswerValue | undefined) => {
    cancelAdvance();
    if (!autoAdvances(quiz, question)) return;
    if (Date.now() - lastPointer.current > POINTER_WINDOW_MS) return;
    const picked = isChoiceValue(changed) && changed.answers.length === 1 && !changed.own_text;
    if (!picked || !canProceed(question, changed)) return;
    advance.current = setTimeout(() => {
      advance.current = null;
      props.onNext(changed);
    }, AUTO_ADVANCE_MS);
  };
  const next = () => {
    cancelAdvance();
    if (!allowed) {
      setTried(true);
      return;
    }
    props.onNext(shown);
  };
  const inputProps: AnswerInputProps = {
    question,
    value,
    onChange: (changed) => {
      setTried(false);
      onChange(changed);
      maybeAdvance(changed);
    },
    idBase,
    labelledBy: headingId,
  };
  const heading = (
    <h2 id={headingId} className="lq-title" tabIndex={-1} data-lq-heading="">
      {question.title}
      {question.required ? (
        <>
          <span className="lq-required" aria-hidden="true">
            {" *"}
          </span>
          <span className="lq-sr">{` (${t.required})`}</span>
        </>
      ) : null}
    </h2>
  );
  const position = question.config.image_position ?? "left";
  const hasMedia = question.media !== null || question.video_url !== null;

  return (
    <form
      className={`lq-screen lq-question lq-question--t${question.type}${hasMedia ? ` lq-question--media-${position}` : ""}`}
      noValidate
      onPointerDown={() => {
        lastPointer.current = Date.now();
      }}
      onSubmit={(event) => {
        event.preventDefault();
        next();
      }}
      onKeyDown={(event) => {
        const target = event.target as HTMLInputElement;
        if (event.key === "Enter" && (target.type === "radio" || target.type === "checkbox")) {
          event.preventDefault();
          next();
        }
      }}
    >
      {hasMedia ? (
        <div className="lq-question__media">
          <Media src={question.media} />
          <YouTube
            url={question.video_url}
            consultant={question.config.video_consultant === true}
          />
        </div>
      ) : null}
      <div className="lq-question__body">
        {isGroup(question) ? (
          <fieldset
            className="lq-group"
            aria-describedby={question.description ? `${idBase}-desc` : undefined}
          >
            <legend className="lq-legend">{heading}</legend>
            {question.description ? (
              <p id={`${idBase}-desc`} className="lq-description">
                {question.description}
              </p>
            ) : null}
            {renderInput(quiz, inputProps)}
          </fieldset>
        ) : (
          <div className="lq-group">
            {heading}
            {question.description ? <p className="lq-description">{question.description}</p> : null}
            {renderInput(quiz, inputProps)}
          </div>
        )}
        <p id={messageId} className="lq-error" aria-live="polite">
          {message}
        </p>
        <Nav
          backText={t.back}
          onBack={props.onBack}
          primary={
            <PrimaryButton
              text={question.button_text || t.next}
              disabled={!allowed}
              describedBy={message ? messageId : undefined}
            />
          }
        />
      </div>
    </form>
  );
}

function renderInput(quiz: PublicQuiz, props: AnswerInputProps) {
  const { question } = props;
  const layout = inputLayout(question.type);
  switch (layout) {
    case "list":
    case "cards":
      return <ChoiceInput {...props} />;
    case "select":
      return question.config.multi_answers ? (
        <ChoiceInput {...props} />
      ) : (
        <SelectInput {...props} />
      );
    case "text":
      return <TextInput {...props} />;
    case "rating":
      return <RatingInput {...props} />;
    case "date":
      return <DateInput {...props} />;
    case "slider":
      return <SliderInput {...props} language={quiz.language} currency={quiz.currency} />;
    default:
      return assertNever(layout);
  }
}
