// The visitor bundle's entry: starts the quizzes configured on the page (see boot.ts), or
// the editor's preview on its page (preview.tsx), and offers the runtime's API on
// `window.LeadquizRuntime` for the embed. Its stylesheet is emitted as one CSS file listed in dist/.vite/manifest.json.
import "./styles.css";
import { boot } from "./boot";
import { hydrateQuiz, mountQuiz } from "./mount";
import { readPageContext } from "./page-context";
import { bootPreview } from "./preview";

Object.assign(window, { LeadquizRuntime: { mountQuiz, hydrateQuiz, readPageContext, boot } });
const start = () => bootPreview() || boot();
if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", start);
} else {
  start();
}
