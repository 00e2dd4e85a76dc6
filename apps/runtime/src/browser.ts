// The visitor bundle's entry: starts the quizzes configured on the page (see boot.ts), or
// the editor's preview on its page (preview.tsx), and offers the runtime's API on
// `window.LeadquizRuntime` for the embed. Its stylesheet is emitted as one CSS file listed in dist/.vite/manifest.json.
import "./styles.css";
import { boot } from "./boot";
import { hydrateQuiz, mountQuiz } from "./mount";
import { readPageContext } from "./page-context";

Object.assign(window, { LeadquizRuntime: { mountQuiz, hydrateQuiz, readPageContext, boot } });
// The editor's preview page loads the preview's small chunk; visitors' pages never do.
const start = () => {
  if (document.querySelector("script[data-leadquiz-preview]")) {
    void import("./preview").then(({ bootPreview }) => bootPreview());
  } else {
    boot();
  }
};
if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", start);
} else {
  start();
}
