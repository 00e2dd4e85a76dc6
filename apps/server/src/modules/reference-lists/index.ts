/** The reference-lists module's public face: the catalogue of fonts quizzes may use. */
export {
  type FontSlug,
  fontCatalogue,
  fontStylesheetUrl,
  type InstalledFont,
  installedFonts,
} from "./font-catalogue";
