import { isSiteAddress } from "@leadquiz/contract";
import { describe, expect, it } from "vitest";
import { parseQuizId, publicationState } from "@/shared/api/quiz-queries";
import { embedSnippet } from "../components/usage-instructions";

describe("the editor frame's rules", () => {
  it("takes only a possible quiz id from the address", () => {
    expect(parseQuizId("42")).toBe(42);
    for (const bad of [undefined, "", "0", "-1", "1.5", "abc", "9999999999", "12abc"]) {
      expect(parseQuizId(bad)).toBeNull();
    }
  });

  it("tells draft, published and published with changes apart", () => {
    expect(publicationState({ is_published: false, has_unpublished_changes: true })).toBe("draft");
    expect(publicationState({ is_published: true, has_unpublished_changes: false })).toBe(
      "published",
    );
    expect(publicationState({ is_published: true, has_unpublished_changes: true })).toBe("changes");
  });

  it("gives the inline embed code of docs/embed.md for the quiz", () => {
    const [container, script] = embedSnippet("Ab12", "https://example-quiz.com").split("\n");
    expect(container).toBe('<div data-leadquiz="Ab12" data-mode="inline"></div>');
    // The inline loader of embed.js, which it inserts in a task of its own after the host
    // page's load event.
    expect(script).toMatch(/^<script>\(function \(d, w, s\) \{.*<\/script>$/);
    expect(script).toContain('e.src = "https://example-quiz.com/embed.js";');
    expect(script).toContain('w.addEventListener("load", function () {setTimeout(add);})');
  });

  it("accepts site addresses as URLs or host names only", () => {
    for (const ok of ["https://shop.example.com/a?b", "example.org", "http://localhost:8080"]) {
      expect(isSiteAddress(ok)).toBe(true);
    }
    for (const bad of ["", "not a site", "ftp://x.example", "nodot", "https://", "a .example"]) {
      expect(isSiteAddress(bad)).toBe(false);
    }
  });
});
