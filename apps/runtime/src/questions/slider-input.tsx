import type { PublicQuiz } from "@leadquiz/contract";
import { formatNumber, unitText } from "../format";
import { useTexts } from "../texts";
import { type AnswerInputProps, SLIDER_DEFAULTS, shownAnswer } from "./answer-input";

/** Slider (7): one value, or two thumbs (`two_sided`); `min`, `max`, `step`, `unit`. */
export function SliderInput(
  props: AnswerInputProps & { language: string; currency: PublicQuiz["currency"] },
) {
  const { question, onChange, idBase, labelledBy, language, currency } = props;
  const t = useTexts();
  const min = question.config.min ?? SLIDER_DEFAULTS.min;
  const max = question.config.max ?? SLIDER_DEFAULTS.max;
  const step = question.config.step ?? SLIDER_DEFAULTS.step;
  const unit = unitText(question.config.unit, t, currency);
  const shown = shownAnswer(question, props.value);
  const label = (n: number) =>
    unit ? `${formatNumber(n, language)} ${unit}` : formatNumber(n, language);

  if (question.config.two_sided) {
    const [from, to] = Array.isArray(shown) ? shown.map(Number) : [min, max];
    const low = from ?? min;
    const high = to ?? max;
    return (
      <div className="lq-slider lq-slider--two">
        <output className="lq-slider__value" htmlFor={`${idBase}-from ${idBase}-to`}>
          {label(low)} – {label(high)}
        </output>
        <label className="lq-field">
          <span className="lq-label">{t.slider_from}</span>
          <input
            id={`${idBase}-from`}
            className="lq-slider__input"
            type="range"
            min={min}
            max={max}
            step={step}
            value={low}
            aria-valuetext={label(low)}
            aria-describedby={labelledBy}
            onInput={(event) => onChange([Math.min(Number(event.currentTarget.value), high), high])}
          />
        </label>
        <label className="lq-field">
          <span className="lq-label">{t.slider_to}</span>
          <input
            id={`${idBase}-to`}
            className="lq-slider__input"
            type="range"
            min={min}
            max={max}
            step={step}
            value={high}
            aria-valuetext={label(high)}
            aria-describedby={labelledBy}
            onInput={(event) => onChange([low, Math.max(Number(event.currentTarget.value), low)])}
          />
        </label>
      </div>
    );
  }

  const current = typeof shown === "number" ? shown : min;
  return (
    <div className="lq-slider">
      <output className="lq-slider__value" htmlFor={`${idBase}-slider`}>
        {label(current)}
      </output>
      <input
        id={`${idBase}-slider`}
        className="lq-slider__input"
        type="range"
        min={min}
        max={max}
        step={step}
        value={current}
        aria-labelledby={labelledBy}
        aria-valuetext={label(current)}
        onInput={(event) => onChange(Number(event.currentTarget.value))}
      />
      <div className="lq-slider__scale" aria-hidden="true">
        <span>{label(min)}</span>
        <span>{label(max)}</span>
      </div>
    </div>
  );
}
