import type { PublicQuiz } from "@leadquiz/contract";

// The lead's events for the owner's tags: sent from the later screens' chunk (the form),
// so not in the entry (docs/adr/0011).

/** The vendors' globals, as their standard snippets define them. */
export interface AnalyticsWindow {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  fbq?: (...args: unknown[]) => void;
  ttq?: {
    track: (
      event: string,
      properties?: Record<string, unknown>,
      options?: { event_id?: string },
    ) => void;
  };
}

type AnalyticsQuiz = Pick<PublicQuiz, "analytics" | "public_key" | "title">;

/**
 * The owner's analytics on a lead, each only when its id is configured in the quiz and its
 * tag is on the page (`installAnalytics` puts it there): GTM `leadquiz_lead` dataLayer
 * event, GA4 `generate_lead`, Meta Pixel `Lead`, TikTok pixel `SubmitForm`, the last two with the submission id as
 * the event id their deduplication reads.
 */
export function reportLeadToAnalytics(
  quiz: AnalyticsQuiz,
  submissionId: string,
  target: AnalyticsWindow = window as unknown as AnalyticsWindow,
): void {
  const { analytics } = quiz;
  try {
    if (analytics.gtm_id.trim()) {
      target.dataLayer = target.dataLayer ?? [];
      target.dataLayer.push({
        event: "leadquiz_lead",
        leadquiz_quiz: quiz.public_key,
        leadquiz_title: quiz.title,
        leadquiz_submission: submissionId,
      });
    }
    if (analytics.ga_id.trim() && target.gtag) {
      target.gtag("event", "generate_lead", { send_to: analytics.ga_id.trim(), quiz: quiz.title });
    }
    if (analytics.pixel_id.trim() && target.fbq) {
      target.fbq("track", "Lead", { content_name: quiz.title }, { eventID: submissionId });
    }
    if (analytics.tiktok_id.trim() && target.ttq) {
      // TikTok deduplicates on the event_id of the event's options (the third argument), not
      // on a property of that name (docs/adr/0007-visitor-runtime-preact.md).
      target.ttq.track("SubmitForm", { content_name: quiz.title }, { event_id: submissionId });
    }
  } catch {
    // An owner's tag that throws never stops the visitor.
  }
}
