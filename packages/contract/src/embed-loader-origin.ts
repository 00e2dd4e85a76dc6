/**
 * The copy of `/embed.js` that the owner app's origin still serves to snippets pasted before
 * the visitor origin existed (docs/adr/0016-visitor-origin.md, docs/embed.md "Origins").
 * The loader takes the quizzes' origin from its own script address
 * (apps/runtime/src/embed/main.ts: `new URL(src, location.href).origin`), which for that
 * copy is the app's; the copy names the visitor origin instead, at no cost to the loader's
 * size budget: the build's one such expression is replaced, on the server, by the origin as
 * a string literal. No zod: the server and the embed loader's build test import it as it is.
 */

/** `new URL(src, location.href).origin` as the minifier writes it (any variable name). */
const ORIGIN_EXPRESSION = /new URL\([A-Za-z_$][\w$]*,location\.href\)\.origin/g;

/**
 * `loader` (the built embed.js) framing the quizzes of `origin`; undefined when the build
 * has not exactly one origin expression (the loader's entry changed shape).
 */
export function pinLoaderOrigin(loader: string, origin: string): string | undefined {
  if (loader.match(ORIGIN_EXPRESSION)?.length !== 1) return undefined;
  return loader.replace(ORIGIN_EXPRESSION, () => JSON.stringify(origin));
}

/**
 * What the app's origin answers when the build cannot be pinned: a script that inserts the
 * visitor origin's own embed.js (which then takes its origin from its own address). One
 * request more for the old snippets, never a broken embed.
 */
export function loaderForwardScript(origin: string): string {
  const src = JSON.stringify(`${origin}/embed.js`).replaceAll("<", "\\u003c");
  return `(function(d){var s=d.createElement("script");s.src=${src};(d.head||d.documentElement).appendChild(s)})(document);`;
}
