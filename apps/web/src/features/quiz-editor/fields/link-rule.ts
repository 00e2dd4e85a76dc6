import { isLink } from "@leadquiz/contract";
import type { TFunction } from "i18next";

/** A link field's message: "" is none; otherwise a full http(s), mailto: or tel: address. */
export const linkProblem = (t: TFunction) => (text: string) =>
  isLink(text.trim()) ? null : t("results:linkInvalid");
