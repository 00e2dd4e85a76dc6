import { bySort } from "@leadquiz/engine";
import { useState } from "react";
import { useTexts } from "../texts";
import { type AnswerInputProps, asChoice, inputLayout } from "./answer-input";

const IMAGE_SIZES = {
  square: [240, 240],
  portrait: [240, 320],
  landscape: [320, 240],
} as const;

/**
 * List (1), Cards (2) and a multiple-choice Select (3): radio buttons, or checkboxes with
 * `multi_answers`; answer images in the question's `image_format`; an own answer; yes/no
 * as two buttons side by side.
 */
export function ChoiceInput({ question, value, onChange, idBase }: AnswerInputProps) {
  const t = useTexts();
  const { config } = question;
  const multi = config.multi_answers === true;
  const choice = asChoice(value);
  const selected = new Set(choice.answers);
  const [ownOn, setOwnOn] = useState((choice.own_text ?? "") !== "");
  const [ownDraft, setOwnDraft] = useState(choice.own_text ?? "");
  const format = config.image_format ?? "square";
  const [width, height] = IMAGE_SIZES[format];
  const layout = config.yes_no
    ? "yesno"
    : inputLayout(question.type) === "cards"
      ? "cards"
      : "list";
  const name = `${idBase}-choice`;

  const emit = (ids: readonly number[], own: boolean, text: string) =>
    onChange({ answers: ids, ...(own && text.trim() !== "" ? { own_text: text } : {}) });

  const pick = (id: number) => {
    if (!multi) {
      setOwnOn(false);
      emit([id], false, ownDraft);
      return;
    }
    const next = selected.has(id)
      ? choice.answers.filter((a) => a !== id)
      : [...choice.answers, id];
    emit(next, ownOn, ownDraft);
  };
  const toggleOwn = () => {
    const on = multi ? !ownOn : true;
    setOwnOn(on);
    emit(multi ? choice.answers : [], on, ownDraft);
  };
  const typeOwn = (text: string) => {
    setOwnDraft(text);
    setOwnOn(true);
    emit(multi ? choice.answers : [], true, text);
  };

  const type = multi ? "checkbox" : "radio";
  return (
    <div className={`lq-choices lq-choices--${layout} lq-ratio--${format}`}>
      {bySort(question.answers).map((answer, index) => {
        const on = selected.has(answer.id);
        const text = answer.text || (config.yes_no ? (index === 0 ? t.yes : t.no) : "");
        return (
          <label key={answer.id} className={on ? "lq-choice lq-choice--on" : "lq-choice"}>
            <input
              className="lq-choice__input"
              type={type}
              name={name}
              value={String(answer.id)}
              checked={on}
              onChange={() => pick(answer.id)}
            />
            {answer.image ? (
              <img
                className="lq-choice__img"
                src={answer.image}
                alt=""
                width={width}
                height={height}
                loading="lazy"
              />
            ) : null}
            <span className="lq-choice__text">{text}</span>
          </label>
        );
      })}
      {config.own_answer ? (
        <div
          className={ownOn ? "lq-choice lq-choice--own lq-choice--on" : "lq-choice lq-choice--own"}
        >
          <label className="lq-choice__own-label">
            <input
              className="lq-choice__input"
              type={type}
              name={name}
              value="own"
              checked={ownOn}
              onChange={toggleOwn}
            />
            <span className="lq-choice__text">{t.own_answer}</span>
          </label>
          <input
            className="lq-input"
            type="text"
            aria-label={t.own_answer}
            placeholder={t.own_answer_placeholder}
            value={ownDraft}
            maxLength={1000}
            onInput={(event) => typeOwn(event.currentTarget.value)}
          />
        </div>
      ) : null}
    </div>
  );
}
