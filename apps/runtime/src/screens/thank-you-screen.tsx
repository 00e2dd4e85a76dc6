import type { PublicQuiz } from "@leadquiz/contract";
import { useTexts } from "../texts";

/** The end: thanks, a note when the lead waits for the connection, the form's button. */
export function ThankYouScreen(props: {
  quiz: PublicQuiz;
  redirecting: boolean;
  offline: boolean;
}) {
  const t = useTexts();
  const form = props.quiz.contact_form;
  return (
    <div className="lq-screen lq-thanks">
      <h2 className="lq-title" tabIndex={-1} data-lq-heading="">
        {t.thank_you_title}
      </h2>
      <p className="lq-description">{t.thank_you_text}</p>
      {props.offline ? (
        <p className="lq-note" role="status">
          {t.saved_offline}
        </p>
      ) : null}
      {props.redirecting ? (
        <p className="lq-note" role="status">
          {t.redirecting}
        </p>
      ) : null}
      {form.button_text && form.button_link ? (
        <div className="lq-nav">
          <a className="lq-btn lq-btn--primary" href={form.button_link} target="_top">
            <span>{form.button_text}</span>
          </a>
        </div>
      ) : null}
    </div>
  );
}
