import type { Plugin } from "vite";

const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

/**
 * Moves the build's stylesheet links from `<head>` to the end of `<body>`, after the shell
 * in `#root`. A stylesheet in the head holds back every paint until it has loaded (the UI
 * library's CSS, ~29 KB gzipped, shares a slow line with the entry's scripts); in the body
 * it holds back only what follows it, so the shell (styled inline) paints as soon as the
 * HTML arrives. The scripts still run only once the stylesheet is in, so the app never
 * shows unstyled (docs/speed.md "Owner app delivery").
 */
export function stylesheetsAfterShell(): Plugin {
  return {
    name: "leadquiz-stylesheets-after-shell",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const links = html.match(STYLESHEET) ?? [];
        if (links.length === 0) return html;
        const body = html.replace(STYLESHEET, "");
        const tags = links.map((link) => `    ${link.trim()}\n`).join("");
        return body.replace("</body>", `${tags}  </body>`);
      },
    },
  };
}
