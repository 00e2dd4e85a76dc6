import { useTexts } from "../texts";
import type { AnswerInputProps } from "./answer-input";

/** Text (4). */
export function TextInput({ question, value, onChange, idBase, labelledBy }: AnswerInputProps) {
  const t = useTexts();
  return (
    <textarea
      id={`${idBase}-text`}
      className="lq-input lq-textarea"
      aria-labelledby={labelledBy}
      aria-required={question.required}
      rows={3}
      maxLength={10000}
      placeholder={question.config.placeholder || t.text_placeholder}
      value={typeof value === "string" ? value : ""}
      onInput={(event) => onChange(event.currentTarget.value)}
    />
  );
}
