import type { PublicDesign } from "@leadquiz/contract";
import { buttonStyle, errorColorOn } from "@leadquiz/engine";
import { isVideo } from "./video";

export { type ButtonShape, type ButtonStyle, buttonStyle } from "@leadquiz/engine";

const COLOR = /^(?:#[0-9a-f]{3,8}|rgba?\([0-9\s.,%/]+\))$/i;

function safeUrl(src: string): string {
  return src.replace(/["\\\n\r]/g, "");
}

/** The design as CSS custom properties on the quiz's root (ignored when malformed). */
export function designVariables(design: PublicDesign): Record<string, string> {
  const vars: Record<string, string> = {};
  const color = (name: string, value: string) => {
    if (COLOR.test(value)) vars[name] = value;
  };
  color("--lq-btn-bg", design.button_color);
  color("--lq-btn-fg", design.button_text_color);
  color("--lq-text", design.text_color);
  color("--lq-bg", design.background_color);
  if (COLOR.test(design.background_color)) {
    vars["--lq-error"] = errorColorOn(design.background_color);
  }
  if (design.font) vars["--lq-font"] = design.font.family.replace(/[;{}]/g, "");
  // A background video is a <video> element (quiz-player.tsx), not a CSS image.
  if (design.background_image && !isVideo(design.background_image)) {
    vars["--lq-bg-image"] = `url("${safeUrl(design.background_image)}")`;
  }
  return vars;
}

/** Root classes of the button style. */
export function buttonClasses(code: number): string {
  const style = buttonStyle(code);
  return [
    `lq-btns--${style.shape}`,
    style.filled ? "lq-btns--filled" : "lq-btns--plain",
    style.icon ? "lq-btns--icon" : "",
  ]
    .filter(Boolean)
    .join(" ");
}
