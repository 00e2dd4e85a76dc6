import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { LazyPart } from "../lazy-part";
import { useTexts } from "../texts";

/**
 * A screen whose code is a lazy part: rendered at once when the part is there (it is
 * fetched ahead in idle time), else a short "Loading…" in its place until the part arrives
 * (retried until it does, docs/adr/0007). The player's state is untouched meanwhile, so no
 * answer is lost; the arriving screen gets the focus the waiting note had.
 */
export function PartScreen<T>(props: { part: LazyPart<T>; render: (module: T) => ReactNode }) {
  const { part } = props;
  const t = useTexts();
  const [, setArrivals] = useState(0);
  const module = part.loaded;
  const waitingRef = useRef<HTMLDivElement>(null);
  /** The quiz root while the note stands in (its heading gets the focus on arrival). */
  const waitedIn = useRef<Element | null>(null);
  useEffect(() => {
    if (module === undefined) void part.load().then(() => setArrivals((count) => count + 1));
  }, [part, module]);
  useLayoutEffect(() => {
    const waiting = waitingRef.current;
    if (waiting) {
      waitedIn.current = waiting.closest(".lq-root");
    } else if (waitedIn.current) {
      // The note had the focus (the player moves it to each new screen) and left with it.
      const focus = document.activeElement;
      if (focus === null || focus === document.body) {
        waitedIn.current.querySelector<HTMLElement>("[data-lq-heading]")?.focus();
      }
      waitedIn.current = null;
    }
  });
  if (module === undefined) {
    return (
      <div
        ref={waitingRef}
        className="lq-screen lq-waiting"
        aria-busy="true"
        tabIndex={-1}
        data-lq-heading=""
      >
        <p className="lq-description" role="status">
          {t.loading}
        </p>
      </div>
    );
  }
  return <>{props.render(module)}</>;
}
