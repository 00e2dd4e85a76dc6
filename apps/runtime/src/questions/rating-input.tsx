import { fill, useTexts } from "../texts";
import type { AnswerInputProps } from "./answer-input";

/** Rating (5): points 1 … `quantity_of_answers` (2-10) as a radio group. */
export function RatingInput({ question, value, onChange, idBase }: AnswerInputProps) {
  const t = useTexts();
  const max = Math.min(10, Math.max(2, question.config.quantity_of_answers ?? 5));
  const points = Array.from({ length: max }, (_, index) => index + 1);
  return (
    <div className="lq-rating">
      {points.map((point) => {
        const on = value === point;
        return (
          <label key={point} className={on ? "lq-rating__point lq-choice--on" : "lq-rating__point"}>
            <input
              className="lq-choice__input"
              type="radio"
              name={`${idBase}-rating`}
              value={String(point)}
              checked={on}
              aria-label={fill(t.rating_point, { value: point, max })}
              onChange={() => onChange(point)}
            />
            <span aria-hidden="true">{point}</span>
          </label>
        );
      })}
    </div>
  );
}
