import type { Quiz, QuizSummary } from "@leadquiz/contract";
import type { AppConfig } from "../../config";
import type { quizzes } from "../../db/schema";
import { publicQuizUrl } from "../../lib/public-urls";
import {
  analyticsDefaults,
  contactFormDefaults,
  designDefaults,
  resultsSettingsDefaults,
  startPageDefaults,
} from "./quiz-defaults";

export type QuizRow = typeof quizzes.$inferSelect;

/** The origin the quizzes' visitor addresses are on (lib/public-urls.ts). */
type VisitorOrigin = Pick<AppConfig, "visitorUrl">;

/** `QuizSummary` of a row, with its stored leads counted (quiz-leads-count.repository.ts). */
export function toQuizSummary(
  row: QuizRow,
  config: VisitorOrigin,
  leadsCount: number,
): QuizSummary {
  return {
    id: row.id,
    project: row.projectId,
    title: row.title,
    is_published: row.isPublished,
    published_at: row.publishedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    leads_count: leadsCount,
    public_url: publicQuizUrl(config, row.publicKey),
  };
}

/** The full `Quiz`: the stored keys of each nested object over its defaults. */
export function toQuiz(row: QuizRow, config: VisitorOrigin, leadsCount: number): Quiz {
  return {
    ...toQuizSummary(row, config, leadsCount),
    updated_at: row.updatedAt.toISOString(),
    language: row.language,
    currency: row.currency,
    public_key: row.publicKey,
    has_unpublished_changes: row.publishedDraftVersion !== row.draftVersion,
    start_page: { ...startPageDefaults, ...row.startPage },
    design: { ...designDefaults, ...row.design },
    contact_form: { ...contactFormDefaults, ...row.contactForm },
    results_settings: {
      ...resultsSettingsDefaults,
      ...row.resultsSettings,
      general_formula_valid: row.generalFormulaErrors.length === 0,
      general_formula_errors: row.generalFormulaErrors,
    },
    analytics: { ...analyticsDefaults, ...row.analytics },
  };
}
