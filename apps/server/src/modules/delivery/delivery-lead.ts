import type { leads } from "../../db/schema";
import type { DeliveryLead } from "../../integrations/types";
import { maskEmail, maskMessengers, maskName, maskPhone } from "../lead-contacts";

/** The lead as every target gets it (integrations/types.ts), from its stored row. */
export function deliveryLeadOf(
  lead: typeof leads.$inferSelect,
  quiz: { id: number; title: string },
): DeliveryLead {
  return {
    id: lead.id,
    created_at: lead.createdAt.toISOString(),
    quiz,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    messengers: lead.messengers,
    other: lead.other,
    other2: lead.other2,
    answers: lead.answers.map((a) => ({ question: a.question_title, answer: a.answer })),
    results: lead.results.map((r) => ({ title: r.title, value: r.value, unit: r.unit })),
    extra: lead.otherFields,
    utm: lead.utm,
    page_url: lead.pageUrl,
    referrer: lead.referrer,
  };
}

/**
 * A lead not yet released, in the same shape, showing what the leads list shows of it
 * (docs/leads.md "Masking"): its quiz and time, the contacts masked; the other contacts,
 * answers, results, fields, UTM and addresses empty.
 */
export function maskedDeliveryLeadOf(
  lead: typeof leads.$inferSelect,
  quiz: { id: number; title: string },
): DeliveryLead {
  return {
    id: lead.id,
    created_at: lead.createdAt.toISOString(),
    quiz,
    name: maskName(lead.name),
    email: maskEmail(lead.email),
    phone: maskPhone(lead.phone),
    messengers: maskMessengers(lead.messengers),
    other: "",
    other2: "",
    answers: [],
    results: [],
    extra: {},
    utm: {},
    page_url: "",
    referrer: "",
  };
}
