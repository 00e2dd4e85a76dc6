import type { ReactNode } from "react";

/** The buttons under a screen: back (when there is a way back) and the primary action. */
export function Nav(props: { backText: string; onBack: (() => void) | null; primary: ReactNode }) {
  return (
    <div className="lq-nav">
      {props.onBack ? (
        <button type="button" className="lq-btn lq-btn--back" onClick={props.onBack}>
          {props.backText}
        </button>
      ) : null}
      {props.primary}
    </div>
  );
}

/** The primary button: `aria-disabled` keeps it focusable, so the reason can be heard. */
export function PrimaryButton(props: {
  text: string;
  type?: "submit" | "button";
  disabled?: boolean;
  describedBy?: string | undefined;
  onClick?: () => void;
}) {
  return (
    <button
      type={props.type ?? "submit"}
      className="lq-btn lq-btn--primary"
      aria-disabled={props.disabled ? "true" : "false"}
      aria-describedby={props.describedBy}
      onClick={props.onClick}
    >
      <span>{props.text}</span>
    </button>
  );
}
