import { leadSubmissionSchema } from "@leadquiz/contract";
import { describe, expect, it } from "vitest";
import { PAGE_URL_MAX, readPageContext } from "./page-context";

describe("readPageContext", () => {
  it("reads UTM parameters and the quiz's hidden fields from the page address", () => {
    const context = readPageContext(
      { hidden_fields: ["client_id"] },
      "https://shop.example/landing?utm_source=fb&utm_campaign=spring&client_id=42&other=x",
      "https://facebook.com/",
    );
    expect(context).toEqual({
      utm: { utm_source: "fb", utm_campaign: "spring" },
      hidden: { client_id: "42" },
      referrer: "https://facebook.com/",
      page_url:
        "https://shop.example/landing?utm_source=fb&utm_campaign=spring&client_id=42&other=x",
    });
  });

  it("cuts a very long page address and referrer so the lead still fits the contract", () => {
    const long = `https://shop.example/?q=${"x".repeat(5000)}`;
    const context = readPageContext({ hidden_fields: [] }, long, long);
    expect(context.page_url).toHaveLength(PAGE_URL_MAX);
    expect(context.referrer).toHaveLength(PAGE_URL_MAX);
    const lead = leadSubmissionSchema.safeParse({
      submission_id: "7b0c3d2e-5f4a-4b6c-9d8e-1a2b3c4d5e6f",
      session: null,
      version: 1,
      answers: [],
      contacts: { name: "", email: "", phone: "", other: "", other2: "", messengers: {} },
      consent: true,
      utm: context.utm,
      referrer: context.referrer,
      page_url: context.page_url,
      extra: context.hidden,
    });
    expect(lead.success, JSON.stringify(lead.error?.issues)).toBe(true);
  });
});
