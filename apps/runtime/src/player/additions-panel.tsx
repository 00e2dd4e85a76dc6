import type { PublicQuiz } from "@leadquiz/contract";
import { AdditionType } from "@leadquiz/contract/codes";
import { type AnswerMap, additionsVisibleAt, discountValue, type Step } from "@leadquiz/engine";
import { fill, useTexts } from "../texts";

/**
 * The additions the engine shows on this step (`additionsVisibleAt`): bonus, discount
 * (ordinary, or growing with the answers: `discountValue`) and consultant.
 */
export function AdditionsPanel(props: { quiz: PublicQuiz; answers: AnswerMap; step: Step }) {
  const t = useTexts();
  const visible = additionsVisibleAt(props.quiz, props.step);
  if (visible.length === 0) return null;
  return (
    <aside className="lq-additions">
      {visible.map((addition) => {
        switch (addition.type) {
          case AdditionType.Bonus:
            return (
              <div key={addition.id} className="lq-addition lq-addition--bonus">
                {addition.image ? (
                  <img
                    className="lq-addition__img"
                    src={addition.image}
                    alt=""
                    width={64}
                    height={64}
                  />
                ) : null}
                <div>
                  <p className="lq-addition__kind">{t.bonus}</p>
                  <p className="lq-addition__name">
                    {addition.settings.link ? (
                      <a href={addition.settings.link} target="_blank" rel="noopener noreferrer">
                        {addition.settings.name}
                      </a>
                    ) : (
                      addition.settings.name
                    )}
                  </p>
                  {addition.settings.discount_amount !== "" ? (
                    <p className="lq-addition__amount">
                      {String(addition.settings.discount_amount)}
                    </p>
                  ) : null}
                </div>
              </div>
            );
          case AdditionType.Discount: {
            const value = discountValue(props.quiz, props.answers, addition) ?? 0;
            return (
              <div key={addition.id} className="lq-addition lq-addition--discount">
                <p className="lq-addition__kind">{t.discount}</p>
                <p className="lq-addition__amount" aria-live="polite" data-testid="discount">
                  {fill(t.your_discount, { value })}
                </p>
              </div>
            );
          }
          case AdditionType.Consultant:
            return (
              <div key={addition.id} className="lq-addition lq-addition--consultant">
                {addition.image ? (
                  <img
                    className="lq-addition__photo"
                    src={addition.image}
                    alt={addition.settings.name}
                    width={64}
                    height={64}
                  />
                ) : null}
                <div>
                  <p className="lq-addition__name">{addition.settings.name}</p>
                  {addition.settings.job_title ? (
                    <p className="lq-addition__kind">{addition.settings.job_title}</p>
                  ) : null}
                  {addition.settings.text ? (
                    <p className="lq-addition__text">{addition.settings.text}</p>
                  ) : null}
                </div>
              </div>
            );
          default:
            return null;
        }
      })}
    </aside>
  );
}
