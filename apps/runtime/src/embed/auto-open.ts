import { type Instance, isMobile } from "./context";
import { capAllows } from "./frequency";
import { mountLauncher } from "./launchers";
import { uiOptions } from "./ui-options";

/**
 * What a declared popup, banner, trigger or chat does before it is opened, once the UI is
 * in: its launcher (all but popup) and its automatic opening; neither on a phone with
 * `data-hide-on-mobile`.
 */
export function arm(inst: Instance): void {
  const o = uiOptions(inst.o);
  if (o.hideOnMobile && isMobile()) return;
  if (o.mode !== "popup") mountLauncher(inst);
  armAutoOpen(inst);
}

/**
 * Opens the quiz by itself at most once per page view, at the first of: the delay (when
 * `data-delay` is given, or when no other condition is), exit intent (the pointer leaves
 * through the top of the window), the scroll depth. Skipped when the frequency cap says
 * the visitor has already seen it, or when it was opened another way meanwhile.
 */
export function armAutoOpen(inst: Instance): void {
  const o = uiOptions(inst.o);
  if (o.open !== "auto" || !capAllows(o)) return;
  const off: (() => void)[] = [];
  const fire = () => {
    for (const f of off) f();
    if (!inst.isOpen() && capAllows(o)) inst.open();
  };
  if (o.delay != null || (!o.exitIntent && !o.scroll)) {
    const t = setTimeout(fire, (o.delay ?? 0) * 1000);
    off.push(() => clearTimeout(t));
  }
  if (o.exitIntent) {
    const h = (e: MouseEvent) => {
      if (!e.relatedTarget && e.clientY <= 0) fire();
    };
    document.addEventListener("mouseout", h);
    off.push(() => document.removeEventListener("mouseout", h));
  }
  if (o.scroll) {
    const h = () => {
      const r = document.documentElement;
      const total = r.scrollHeight - innerHeight;
      if (total <= 0 || (scrollY / total) * 100 >= o.scroll) fire();
    };
    addEventListener("scroll", h, { passive: true });
    off.push(() => removeEventListener("scroll", h));
  }
}

/** Clicks on the element with `data-button-id` (or inside it) open the quiz, even if added later. */
export function bindButton(inst: Instance): void {
  const id = inst.o.buttonId;
  if (!id) return;
  document.addEventListener("click", (e) => {
    for (let n = e.target as Node | null; n; n = n.parentNode) {
      if ((n as Element).id === id) {
        e.preventDefault();
        inst.open();
        return;
      }
    }
  });
}
