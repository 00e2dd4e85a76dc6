import type { PartialLead, PublicQuiz } from "@leadquiz/contract";
import type { PageContext } from "./page-context";
import type { VisitorProgress } from "./partial-lead";
import { buildSubmission } from "./submission";

// In the later screens' chunk with the lead's body (docs/adr/0011): every answer and contact
// is given on one of its screens, so before it arrived there is nothing to report.

/** The partial-lead body, or null when there is nothing worth keeping yet. */
export function partialLeadBody(
  quiz: PublicQuiz,
  progress: VisitorProgress,
  session: string | null,
  page: PageContext,
): PartialLead | null {
  if (progress.finished || !session) return null;
  const {
    submission_id: _id,
    website: _website,
    ...lead
  } = buildSubmission({
    quiz,
    answers: progress.answers,
    contacts: progress.contacts,
    page,
    session,
    submissionId: "",
  });
  const typed = [lead.contacts.name, lead.contacts.email, lead.contacts.phone].some(Boolean);
  if (lead.answers.length === 0 && !typed) return null;
  return { ...lead, session };
}
