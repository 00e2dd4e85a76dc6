import { fill, useTexts } from "../texts";

/**
 * The progress bar: always in the layout (hidden off the questions) so nothing moves
 * between screens. `value` is the engine's progress in [0, 1]; the step text is live.
 */
export function ProgressBar(props: {
  value: number;
  current: number;
  total: number;
  visible: boolean;
}) {
  const t = useTexts();
  const percent = Math.round(props.value * 100);
  const text = props.visible ? fill(t.step_of, { current: props.current, total: props.total }) : "";
  return (
    <div className={props.visible ? "lq-progress" : "lq-progress lq-progress--hidden"}>
      <p className="lq-progress__text" aria-live="polite">
        {text}
      </p>
      <div
        className="lq-progress__track"
        role="progressbar"
        aria-label={t.progress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text || `${percent}%`}
        aria-hidden={props.visible ? undefined : "true"}
      >
        <div className="lq-progress__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
