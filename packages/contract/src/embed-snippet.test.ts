import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { embedLoaderScript, embedSnippetScript } from "./embed-snippet";

describe("the embed snippet", () => {
  it("is the quiz's attributes on one short inline script naming embed.js", () => {
    const snippet = embedSnippetScript(
      "https://example-quiz.com/embed.js",
      ' data-leadquiz="Ab12Cd34" data-mode="popup"',
    );
    expect(snippet).toMatch(/^<script data-leadquiz="Ab12Cd34" data-mode="popup">\(function /);
    expect(snippet).toContain('e.src = "https://example-quiz.com/embed.js";');
    expect(snippet).not.toContain("\n");
    // The loader itself, without the address: docs/embed.md gives its size.
    const loader = embedLoaderScript("");
    expect(Buffer.byteLength(loader)).toBeLessThanOrEqual(600);
    expect(() => new Function(loader)).not.toThrow();
  });

  it("cannot be ended early by the address it loads", () => {
    const loader = embedLoaderScript('https://x.example/</script><script>alert("1")</script>');
    expect(loader).not.toContain("</script>");
    expect(loader).toContain('"https://x.example/\\u003c/script>\\u003cscript>alert(\\"1\\")');
  });

  it("is shown in docs/embed.md as it is generated", () => {
    const doc = readFileSync(new URL("../../../docs/embed.md", import.meta.url), "utf8");
    expect(doc).toContain(embedLoaderScript("https://example-quiz.com/embed.js"));
  });
});
