import { describe, expect, it } from "vitest";
import type { DeliveryLead } from "../types";
import { renderLeadEmail } from "./lead-email";

const lead: DeliveryLead = {
  id: 41,
  created_at: "2026-12-07T10:00:00.000Z",
  quiz: { id: 7, title: "Sofa quiz" },
  name: "Olena",
  email: "olena@example.com",
  phone: "+380501234567",
  messengers: { telegram: "@olena", whatsapp: "+380501234567" },
  other: "",
  other2: "",
  answers: [],
  results: [],
  extra: {},
  utm: {},
  page_url: "",
  referrer: "",
};

describe("the lead e-mail", () => {
  it("names messengers as the product does, not by their keys, in every language", () => {
    for (const language of ["en", "ru", "uk"]) {
      const mail = renderLeadEmail(lead, language);
      expect(mail.text, language).toContain("Telegram: @olena");
      expect(mail.text, language).toContain("WhatsApp: +380501234567");
      expect(mail.text, language).not.toMatch(/^(telegram|whatsapp):/m);
      expect(mail.html, language).toContain(">Telegram</td>");
    }
  });
});
