import { useState } from "react";
import { useTexts } from "../texts";
import type { AnswerInputProps } from "./answer-input";

/**
 * Date (6): the native date or date-time picker (`time`), two of them for a range
 * (`date_range`). Values are ISO dates ("2024-05-01") or local date-times
 * ("2024-05-01T10:30"), as the engine reads them.
 */
export function DateInput({ question, value, onChange, idBase, labelledBy }: AnswerInputProps) {
  const t = useTexts();
  const type = question.config.time ? "datetime-local" : "date";
  const initial = Array.isArray(value) ? value.map(String) : ["", ""];
  const [range, setRange] = useState<[string, string]>([initial[0] ?? "", initial[1] ?? ""]);

  if (!question.config.date_range) {
    return (
      <input
        id={`${idBase}-date`}
        className="lq-input"
        type={type}
        aria-labelledby={labelledBy}
        aria-required={question.required}
        value={typeof value === "string" ? value : ""}
        onInput={(event) => {
          const text = event.currentTarget.value;
          onChange(text === "" ? undefined : text);
        }}
      />
    );
  }

  const change = (index: 0 | 1, text: string) => {
    const next: [string, string] = index === 0 ? [text, range[1]] : [range[0], text];
    setRange(next);
    onChange(next[0] !== "" && next[1] !== "" ? next : undefined);
  };
  return (
    <div className="lq-range">
      <label className="lq-field">
        <span className="lq-label">{t.date_from}</span>
        <input
          className="lq-input"
          type={type}
          value={range[0]}
          aria-describedby={labelledBy}
          onInput={(event) => change(0, event.currentTarget.value)}
        />
      </label>
      <label className="lq-field">
        <span className="lq-label">{t.date_to}</span>
        <input
          className="lq-input"
          type={type}
          value={range[1]}
          min={range[0] || undefined}
          aria-describedby={labelledBy}
          onInput={(event) => change(1, event.currentTarget.value)}
        />
      </label>
    </div>
  );
}
