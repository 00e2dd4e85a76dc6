/**
 * Contacts of a lead not yet opened, masked (docs/api.md "Leads"): enough to tell leads
 * apart, not enough to reach the visitor. Name "J***", e-mail "j***@example.com", phone
 * "+38 *** ** 12" (the first three and the last two characters that are digits or '+').
 */
export function maskName(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? `${first}***` : "";
}

export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return maskName(email);
  return `${maskName(email.slice(0, at))}${email.slice(at)}`;
}

export function maskPhone(phone: string): string {
  const symbols = phone.replace(/[^0-9+]/g, "");
  if (symbols.length <= 5) return symbols === "" ? "" : "***";
  return `${symbols.slice(0, 3)} *** ** ${symbols.slice(-2)}`;
}

/** Messenger contacts are phones or user names: masked like a phone or a name. */
export function maskMessengers(messengers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(messengers).map(([name, value]) => [
      name,
      /^[+\d\s()-]+$/.test(value) ? maskPhone(value) : maskName(value),
    ]),
  );
}
