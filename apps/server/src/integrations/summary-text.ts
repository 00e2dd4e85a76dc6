import type { DeliveryLead } from "./types";

/**
 * The lead as one plain text for a target's comment or note field: quiz, results, the
 * answers numbered, extra fields, UTM, page and referrer. Labels are English: the text goes
 * into the owner's CRM, whose language we do not know.
 */
export function summaryText(lead: DeliveryLead): string {
  const lines = [`Quiz: ${lead.quiz.title}`];
  for (const r of lead.results) {
    lines.push(
      `Result: ${r.title}${r.value === null ? "" : ` (${r.value}${r.unit ? ` ${r.unit}` : ""})`}`,
    );
  }
  if (lead.answers.length > 0) {
    lines.push("", "Answers:");
    lead.answers.forEach((a, i) => {
      lines.push(`${i + 1}. ${a.question}: ${a.answer}`);
    });
  }
  const extra = Object.entries(lead.extra);
  if (extra.length > 0) {
    lines.push("", ...extra.map(([name, value]) => `${name}: ${value}`));
  }
  const utm = Object.entries(lead.utm);
  if (utm.length > 0 || lead.page_url || lead.referrer) {
    lines.push("", ...utm.map(([name, value]) => `${name}: ${value}`));
    if (lead.page_url) lines.push(`Page: ${lead.page_url}`);
    if (lead.referrer) lines.push(`Referrer: ${lead.referrer}`);
  }
  lines.push("", summaryMarker(lead));
  return lines.join("\n");
}

/**
 * The summary's last line, ours alone: a CRM record whose text holds it was made for this lead
 * (how a lookup before a retried create tells it, docs/delivery.md "Exactly once at the target").
 */
export function summaryMarker(lead: DeliveryLead): string {
  return `Lead #${lead.id}, ${lead.created_at}`;
}
