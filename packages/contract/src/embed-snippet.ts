/**
 * The embed snippet owners paste into their sites (docs/embed.md "Snippets",
 * docs/adr/0012-embed-snippet-after-load.md): the quiz's `data-` attributes on a small
 * inline script that inserts `/embed.js` once the host page's `load` event has fired, so
 * the page's load is never held by us. No zod: the server, the owner app and the bench
 * import it as it is.
 */

/**
 * What the inline script does, readable. `s` is the snippet's own `<script>`, which keeps
 * the quiz's `data-` attributes: embed.js finds it with every other `[data-leadquiz]`
 * element, as it finds the attributes of the `<script async src>` form. `add` inserts
 * embed.js (`SRC`) once per page (`a` marks the queue object when another snippet has),
 * or, when a copy already runs on the page, asks it to mount this snippet, as a second
 * copy of embed.js would. After the load event it runs in a task of its own (`setTimeout`),
 * not inside the event: creating and inserting the script element took ~15 ms of the host
 * page's load event under the bench's 4× CPU slowdown (bench/README.md "Host page cost"). A click on the `data-button-id` element
 * fetches embed.js at once and queues `Leadquiz.open(key)` in the documented queue, which
 * embed.js runs once the page's quizzes are mounted. Once embed.js has taken
 * `window.Leadquiz` over, that queue is no longer read and its own listener opens the
 * quiz. Every line ends in `{`, `}`, `;` or `,`, so joining the lines keeps the code.
 */
const LOADER_SOURCE = `
(function (d, w, s) {
  var o = s.dataset, q = (w.Leadquiz = w.Leadquiz || { q: [] }).q;
  function add() {
    var L = w.Leadquiz;
    if (L.v) return L.scan();
    if (L.a) return;
    L.a = 1;
    var e = d.createElement("script");
    e.src = SRC;
    d.head.appendChild(e);
  }
  if (o.buttonId) d.addEventListener("click", function (e) {
    for (var n = e.target; n; n = n.parentNode) if (n.id == o.buttonId) {
      e.preventDefault();
      add();
      return q.push(["open", o.leadquiz]);
    }
  });
  if (d.readyState == "complete") add();
  else w.addEventListener("load", function () {
    setTimeout(add);
  });
})(document, window, document.currentScript);
`;

/**
 * The inline loader for embed.js at `src` (absolute, or relative to the host page): the
 * readable source above with its line breaks and indentation taken out.
 */
export function embedLoaderScript(src: string): string {
  // `<` escaped: no `</script>` can end the script early, whatever the address holds.
  const literal = JSON.stringify(src).replaceAll("<", "\\u003c");
  return LOADER_SOURCE.trim()
    .replace(/\n\s*/g, "")
    .replace("SRC", () => literal);
}

/**
 * One snippet: `<script{attributes}>{loader}</script>`. `attributes` is the attribute text
 * (` data-leadquiz="…" …`, HTML-escaped by the caller), empty for the script that follows
 * an inline container.
 */
export function embedSnippetScript(src: string, attributes = ""): string {
  return `<script${attributes}>${embedLoaderScript(src)}</script>`;
}
