import { describe, expect, it } from "vitest";
import { buttonClasses, buttonStyle, designVariables } from "./design";
import { readPageContext } from "./page-context";
import { quiz } from "./test/fixtures";

describe("design", () => {
  it("maps the ten button styles to shape, fill and icon", () => {
    const all = Array.from({ length: 10 }, (_, i) => buttonStyle(i + 1));
    expect(new Set(all.map((s) => JSON.stringify(s))).size).toBe(10);
    expect(buttonStyle(1)).toEqual({ shape: "square", filled: false, icon: false });
    expect(buttonStyle(8)).toEqual({ shape: "round", filled: true, icon: true });
    expect(buttonClasses(10)).toBe("lq-btns--squircle lq-btns--filled lq-btns--icon");
    expect(buttonStyle(42)).toEqual(buttonStyle(2));
  });

  it("passes only well-formed colours into CSS properties", () => {
    const design = { ...quiz().design, button_color: "red;}body{display:none", text_color: "#123" };
    const vars = designVariables(design);
    expect(vars["--lq-btn-bg"]).toBeUndefined();
    expect(vars["--lq-text"]).toBe("#123");
  });

  it("gives error messages a red readable on a dark background", () => {
    expect(designVariables(quiz().design)["--lq-error"]).toBe("#b91c1c");
    const dark = { ...quiz().design, background_color: "#0f172a", text_color: "#f8fafc" };
    expect(designVariables(dark)["--lq-error"]).toBe("#fca5a5");
  });
});

describe("page context", () => {
  it("takes UTM parameters and the quiz's hidden fields from the address", () => {
    const context = readPageContext(
      { hidden_fields: ["client_id"] },
      "https://shop.example.com/p?utm_source=ads&utm_campaign=spring&client_id=42&x=1",
      "https://google.com/",
    );
    expect(context).toEqual({
      utm: { utm_source: "ads", utm_campaign: "spring" },
      hidden: { client_id: "42" },
      referrer: "https://google.com/",
      page_url: "https://shop.example.com/p?utm_source=ads&utm_campaign=spring&client_id=42&x=1",
    });
  });
});
