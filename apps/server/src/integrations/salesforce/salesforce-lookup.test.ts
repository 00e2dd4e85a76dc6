import { describe, expect, it } from "vitest";
import { sampleDeliveryLead } from "../../test-support/fake-target";
import { zohoCriteria } from "../zoho/zoho.adapter";
import { salesforceLookupQuery, soqlText } from "./salesforce.adapter";

/**
 * The retry lookups put the visitor's own words into a query (docs/delivery.md, "Exactly
 * once at the target"): a name written to break out of its string must stay one value.
 */
describe("a visitor's name in a retry lookup", () => {
  it("stays one SOQL string literal, quotes and line breaks escaped", () => {
    expect(soqlText("O'Brien' OR LastName != '")).toBe("'O\\'Brien\\' OR LastName != \\''");
    expect(soqlText('a\\b"c\nd')).toBe("'a\\\\b\\\"c\\nd'");
    const query = salesforceLookupQuery({
      ...sampleDeliveryLead(),
      name: "Olena x' OR Company != 'y",
    });
    // The only unescaped quotes are the four that open and close the two literals.
    expect(query.replace(/\\'/g, "").match(/'/g)).toHaveLength(4);
    expect(query).toContain("AND LastName = 'x\\' OR Company != \\'y'");
  });

  it("stays one Zoho criterion, its brackets and commas escaped", () => {
    expect(zohoCriteria("Last_Name", "x),(Email:equals:a@b.c")).toBe(
      "(Last_Name:equals:x\\)\\,\\(Email:equals:a@b.c)",
    );
  });
});
