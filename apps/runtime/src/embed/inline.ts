import { type Ctx, createFrame, type Instance } from "./context";
import type { EmbedOptions } from "./options";

/**
 * The quiz in the page body. The container reserves `data-min-height` so nothing moves
 * when the iframe arrives; the iframe is created when the container comes near the
 * viewport and its height follows the quiz (`resize` messages). (On a phone with
 * `data-text`, the loader shows a button opening a popup instead: see launchers.)
 */
export function mountInline(ctx: Ctx, box: HTMLElement, o: EmbedOptions): Instance {
  const inst: Instance = { o, open() {}, close() {}, isOpen: () => false };
  if (!box.style.minHeight) box.style.minHeight = `${o.minHeight}px`;
  const show = () => {
    const f = createFrame(ctx, inst, "inline", (h) => {
      f.style.height = `${h}px`;
    });
    f.style.cssText = `border:0;width:100%;display:block;height:${o.minHeight}px`;
    box.appendChild(f);
  };
  // Every browser the loader's ES2020 output runs in has IntersectionObserver.
  const io = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        io.disconnect();
        show();
      }
    },
    { rootMargin: "400px" },
  );
  io.observe(box);
  return inst;
}
