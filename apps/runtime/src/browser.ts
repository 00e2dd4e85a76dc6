// The visitor bundle's entry: starts the quizzes configured on the page (see boot.ts) and
// offers the runtime's API on `window.LeadquizRuntime` for the embed and the editor
// preview. Its stylesheet is emitted as one CSS file listed in dist/.vite/manifest.json.
import "./styles.css";
import { boot } from "./boot";
import { hydrateQuiz, mountQuiz } from "./mount";
import { readPageContext } from "./page-context";

Object.assign(window, { LeadquizRuntime: { mountQuiz, hydrateQuiz, readPageContext, boot } });
if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", () => boot());
} else {
  boot();
}
