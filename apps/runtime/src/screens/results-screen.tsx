import type { PublicQuiz } from "@leadquiz/contract";
import type { Result, ShownResult } from "@leadquiz/engine";
import { unitText, valueWithUnit } from "../format";
import { Media } from "../player/media";
import { Nav, PrimaryButton } from "../player/nav";
import { useTexts } from "../texts";

/** What the screen shows of a result: the engine's `ShownResult` or a `LeadResult`. */
interface ResultView extends Pick<ShownResult, "value" | "unit"> {
  result: Pick<
    Result,
    | "id"
    | "title"
    | "media"
    | "show_total"
    | "description"
    | "additional_description"
    | "button_text"
    | "button_link"
  >;
}

/**
 * The results the engine shows for the answers (`shownResults`), or the lead's answer's
 * when the results are gated behind the form (docs/security.md "Gated results"): title, media, the value
 * with its unit or currency (an output row's text when one matches), descriptions, button.
 */
export function ResultsScreen(props: {
  quiz: PublicQuiz;
  results: readonly ResultView[];
  onNext: () => void;
  onBack: (() => void) | null;
}) {
  const { quiz } = props;
  const t = useTexts();
  return (
    <div className="lq-screen lq-results">
      <h2 className="lq-title" tabIndex={-1} data-lq-heading="">
        {t.results_title}
      </h2>
      {props.results.map(({ result, value, unit }) => (
        <section key={result.id} className="lq-result" aria-labelledby={`lq-result-${result.id}`}>
          <Media src={result.media ?? null} />
          <h3 id={`lq-result-${result.id}`} className="lq-result__title">
            {result.title}
          </h3>
          {result.show_total ? (
            <p className="lq-result__value" data-testid={`result-value-${result.id}`}>
              {valueWithUnit(value, unitText(unit, t, quiz.currency), quiz.language)}
            </p>
          ) : null}
          {result.description ? <p className="lq-description">{result.description}</p> : null}
          {result.additional_description ? (
            <p className="lq-description">{result.additional_description}</p>
          ) : null}
          {result.button_text && result.button_link ? (
            <a className="lq-btn lq-btn--primary" href={result.button_link} target="_top">
              <span>{result.button_text}</span>
            </a>
          ) : null}
        </section>
      ))}
      <Nav
        backText={t.back}
        onBack={props.onBack}
        primary={<PrimaryButton type="button" text={t.next} onClick={props.onNext} />}
      />
    </div>
  );
}
