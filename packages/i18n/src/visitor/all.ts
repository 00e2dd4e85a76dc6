import type { PublicLanguage } from "@leadquiz/contract";
import { texts as de } from "./de";
import { texts as en } from "./en";
import { texts as fr } from "./fr";
import { texts as it } from "./it";
import { texts as pl } from "./pl";
import { texts as pt } from "./pt";
import { texts as ru } from "./ru";
import type { VisitorTexts } from "./types";
import { texts as uk } from "./uk";

/**
 * Every language's visitor texts at once, for the server (pages it renders, lead
 * e-mails). The runtime imports one language file at a time instead.
 */
export const visitorTexts: Record<PublicLanguage, VisitorTexts> = {
  en,
  ru,
  uk,
  pt,
  it,
  fr,
  pl,
  de,
};
