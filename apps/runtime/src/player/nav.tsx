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

/**
 * The primary button: `aria-disabled` keeps it focusable, so the reason can be heard.
 * With `busyText` both texts take the same place (the wider sets the size) and the one not
 * shown is hidden, so turning busy moves nothing on the page (no layout shift).
 */
export function PrimaryButton(props: {
  text: string;
  busyText?: string;
  busy?: boolean;
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
      {props.busyText === undefined ? (
        <span>{props.text}</span>
      ) : (
        <span className="lq-btn__texts">
          <span aria-hidden={props.busy ? "true" : undefined}>{props.text}</span>
          <span aria-hidden={props.busy ? undefined : "true"}>{props.busyText}</span>
        </span>
      )}
    </button>
  );
}
