import type { Unit } from "@leadquiz/contract";

/**
 * The texts a quiz visitor sees, in the quiz's language. `{{name}}` marks a value filled in
 * by the runtime. One file per language so the runtime downloads only the quiz's language.
 */
export interface VisitorTexts {
  start: string;
  next: string;
  back: string;
  submit: string;
  sending: string;
  /** A screen whose code is still on its way (shown only while the network is slow or away). */
  loading: string;
  /** "Step {{current}} of {{total}}". */
  step_of: string;
  progress: string;
  required: string;
  required_answer: string;
  invalid_email: string;
  invalid_phone: string;
  invalid_range: string;
  own_answer: string;
  own_answer_placeholder: string;
  yes: string;
  no: string;
  select_placeholder: string;
  text_placeholder: string;
  date: string;
  date_from: string;
  date_to: string;
  slider_from: string;
  slider_to: string;
  /** "{{value}} of {{max}}" (a rating point). */
  rating_point: string;
  bonus: string;
  discount: string;
  /** "Your discount: {{value}}%". */
  your_discount: string;
  consultant: string;
  results_title: string;
  contacts_title: string;
  name: string;
  email: string;
  phone: string;
  other: string;
  other2: string;
  messengers: string;
  /** The label of a chosen messenger's handle field; `{{messenger}}` is its name. */
  messenger_handle: string;
  /** Under the handle of a phone-based messenger when the form asks for a phone. */
  messenger_uses_phone: string;
  messenger_handle_required: string;
  /** "I agree to the {{policy}}": `{{policy}}` becomes the link to the privacy policy. */
  consent: string;
  privacy_policy: string;
  /** Consent without a link (no privacy policy address set). */
  consent_plain: string;
  consent_required: string;
  thank_you_title: string;
  thank_you_text: string;
  redirecting: string;
  /** Shown while the lead waits in the browser for the connection to come back. */
  saved_offline: string;
  /** Under the reason when the quiz closed before the lead could be taken (410). */
  kept_in_browser: string;
  /**
   * On the form when the server refused the lead at an abuse-level rate of the visitor's
   * address (429): nothing was sent, the answers stay (docs/leads.md).
   */
  lead_refused: string;
  units: Record<Unit, string>;
}
