import type { PublicDesign } from "@leadquiz/contract";

export type ButtonShape = "square" | "round" | "squircle";

export interface ButtonStyle {
  shape: ButtonShape;
  filled: boolean;
  icon: boolean;
}

/**
 * Button style codes 1-10 (docs/product.md "Codes": square, round, square-round; plain, filled,
 * with icon, icon and filled). Ten codes for twelve combinations, so: 1-4 square, 5-8 round, each
 * plain, filled, with icon, icon and filled; 9 square-round filled, 10 square-round icon and
 * filled. An unknown code is 2 (square, filled).
 */
const STYLES: Record<number, ButtonStyle> = {
  1: { shape: "square", filled: false, icon: false },
  2: { shape: "square", filled: true, icon: false },
  3: { shape: "square", filled: false, icon: true },
  4: { shape: "square", filled: true, icon: true },
  5: { shape: "round", filled: false, icon: false },
  6: { shape: "round", filled: true, icon: false },
  7: { shape: "round", filled: false, icon: true },
  8: { shape: "round", filled: true, icon: true },
  9: { shape: "squircle", filled: true, icon: false },
  10: { shape: "squircle", filled: true, icon: true },
};

export function buttonStyle(code: number): ButtonStyle {
  return STYLES[code] ?? { shape: "square", filled: true, icon: false };
}

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
  if (design.font) vars["--lq-font"] = design.font.family.replace(/[;{}]/g, "");
  if (design.background_image) vars["--lq-bg-image"] = `url("${safeUrl(design.background_image)}")`;
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
