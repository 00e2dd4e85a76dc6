/** The public-pages module's public face: HTML escaping and the visitor page texts. */
export { escapeHtml } from "./page-html";
export { type PageTexts, pageTexts } from "./page-texts";
