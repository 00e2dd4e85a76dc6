import type { LeadResponse, PublicQuiz } from "@leadquiz/contract";

/** Funnel events (`public/quiz/{key}/events/`) and the lead, for the host to forward. */
export type QuizEvent =
  | { type: "view" }
  | { type: "start" }
  | { type: "answer"; question: number }
  | { type: "contacts" }
  | { type: "result" }
  | { type: "lead"; submission_id: string; response: LeadResponse | null };

interface AnalyticsWindow {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  fbq?: (...args: unknown[]) => void;
  ttq?: { track: (event: string) => void };
}

/**
 * The owner's analytics on a lead, each only when configured and its tag is on the page
 * (the hosted page loads the tags): GTM dataLayer event, GA4 `generate_lead`, Meta Pixel
 * `Lead`, TikTok pixel `SubmitForm`.
 */
export function reportLeadToAnalytics(
  analytics: PublicQuiz["analytics"],
  target: AnalyticsWindow = window as unknown as AnalyticsWindow,
): void {
  if (analytics.gtm_id) {
    target.dataLayer = target.dataLayer ?? [];
    target.dataLayer.push({ event: "generate_lead" });
  }
  if (analytics.ga_id && target.gtag) target.gtag("event", "generate_lead");
  if (analytics.pixel_id && target.fbq) target.fbq("track", "Lead");
  if (analytics.tiktok_id && target.ttq) target.ttq.track("SubmitForm");
}
