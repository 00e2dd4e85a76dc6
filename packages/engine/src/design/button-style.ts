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
