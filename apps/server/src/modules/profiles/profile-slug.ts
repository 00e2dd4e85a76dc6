import { PROFILE_SLUG_MAX_LENGTH } from "@leadquiz/contract";

/** Cyrillic letters of ru and uk in Latin (a readable transliteration, not a standard one). */
const CYRILLIC: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  ґ: "g",
  д: "d",
  е: "e",
  ё: "e",
  є: "ye",
  ж: "zh",
  з: "z",
  и: "i",
  і: "i",
  ї: "yi",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
};

/** Leaves room for a "-12345" suffix when the base is taken. */
const BASE_MAX_LENGTH = PROFILE_SLUG_MAX_LENGTH - 8;

/**
 * The slug a name gives (docs/profile-rating.md "Slug"): lower case, Cyrillic transliterated,
 * accents dropped, anything else a dash; "specialist" when nothing is left.
 */
export function slugBase(firstName: string, lastName: string): string {
  const latin = Array.from(`${firstName} ${lastName}`.toLowerCase())
    .map((char) => CYRILLIC[char] ?? char)
    .join("")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");
  const slug = latin
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, BASE_MAX_LENGTH)
    .replace(/-+$/, "");
  return slug || "specialist";
}

/** The n-th candidate for a base: the base itself, then base-2, base-3, … */
export function slugCandidate(base: string, n: number): string {
  return n <= 1 ? base : `${base}-${n}`;
}
