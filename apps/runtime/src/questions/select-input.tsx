import { bySort } from "@leadquiz/engine";
import { useState } from "react";
import { useTexts } from "../texts";
import { type AnswerInputProps, asChoice } from "./answer-input";

const OWN = "own";

/** Select (3), single choice: the native select, with an own answer when allowed. */
export function SelectInput({ question, value, onChange, idBase, labelledBy }: AnswerInputProps) {
  const t = useTexts();
  const choice = asChoice(value);
  const [ownOn, setOwnOn] = useState((choice.own_text ?? "") !== "");
  const [ownDraft, setOwnDraft] = useState(choice.own_text ?? "");
  const selected = ownOn ? OWN : String(choice.answers[0] ?? "");

  const change = (next: string) => {
    if (next === OWN) {
      setOwnOn(true);
      onChange({ answers: [], ...(ownDraft.trim() ? { own_text: ownDraft } : {}) });
      return;
    }
    setOwnOn(false);
    onChange(next === "" ? undefined : { answers: [Number(next)] });
  };
  const typeOwn = (text: string) => {
    setOwnDraft(text);
    onChange({ answers: [], ...(text.trim() ? { own_text: text } : {}) });
  };

  return (
    <div className="lq-select">
      <select
        id={`${idBase}-select`}
        className="lq-input"
        aria-labelledby={labelledBy}
        value={selected}
        onChange={(event) => change(event.currentTarget.value)}
      >
        <option value="">{question.config.placeholder || t.select_placeholder}</option>
        {bySort(question.answers).map((answer) => (
          <option key={answer.id} value={String(answer.id)}>
            {answer.text}
          </option>
        ))}
        {question.config.own_answer ? <option value={OWN}>{t.own_answer}</option> : null}
      </select>
      {ownOn ? (
        <input
          className="lq-input"
          type="text"
          aria-label={t.own_answer}
          placeholder={t.own_answer_placeholder}
          value={ownDraft}
          maxLength={1000}
          onInput={(event) => typeOwn(event.currentTarget.value)}
        />
      ) : null}
    </div>
  );
}
