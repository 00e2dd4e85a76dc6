import type { PublicQuiz } from "@leadquiz/contract";
import { Media } from "../player/media";
import { PrimaryButton } from "../player/nav";
import { useTexts } from "../texts";

/**
 * The start page: media, title, description, start button, company and legal text. Its
 * media goes where `design.start_layout` says: beside the texts (a cover of its half) or
 * above them on a wide screen, always above on a phone; or behind the texts at any width.
 */
export function StartScreen({ quiz, onStart }: { quiz: PublicQuiz; onStart: () => void }) {
  const t = useTexts();
  const page = quiz.start_page;
  return (
    <div
      className={
        page.media
          ? `lq-screen lq-start lq-start--media lq-start--${quiz.design.start_layout ?? "beside"}`
          : "lq-screen lq-start"
      }
    >
      <Media src={page.media} className="lq-start__media" />
      <div className="lq-start__content">
        <h2 className="lq-title" tabIndex={-1} data-lq-heading="">
          {page.title || quiz.title}
        </h2>
        {page.description ? <p className="lq-description">{page.description}</p> : null}
        <div className="lq-nav">
          <PrimaryButton type="button" text={page.button_text || t.start} onClick={onStart} />
        </div>
        {page.company_name ? <p className="lq-company">{page.company_name}</p> : null}
        {page.legal_text ? <p className="lq-legal">{page.legal_text}</p> : null}
      </div>
    </div>
  );
}
