import type { LeadResult, PublicQuiz } from "@leadquiz/contract";
import {
  type AnswerMap,
  type AnswerValue,
  answerText,
  answerValueKind,
  type ChoiceAnswer,
  flowSteps,
  quizState,
  type ShownResult,
} from "@leadquiz/engine";
import { visitorTexts } from "@leadquiz/i18n/visitor/all";
import type { StoredLeadAnswer, StoredLeadResult } from "../../db/schema/leads";

/**
 * The answers as the owner reads them: the answered questions on the visitor's path in
 * `sort` order (answers to questions the logic skipped are dropped, as the engine ignores
 * them), with the question and answer texts of this snapshot version. A Slider's unit is
 * written in the quiz language ("price" as the currency symbol).
 */
export function storedAnswers(snapshot: PublicQuiz, answers: AnswerMap): StoredLeadAnswer[] {
  const units = (visitorTexts[snapshot.language] ?? visitorTexts.en).units;
  const unitLabel = (unit: string) =>
    unit === "price" ? snapshot.currency.symbol : (units[unit as keyof typeof units] ?? "");
  return quizState(snapshot, answers).answered.map((question) => {
    const value = answers[question.id];
    const stored: StoredLeadAnswer = {
      question: question.id,
      question_title: question.title ?? "",
      answer: answerText(question, value, { unitLabel }),
    };
    if (isChoice(value)) {
      stored.answer_ids = [...value.answers];
    } else if (answerValueKind(question.type) !== "text" && value !== undefined) {
      stored.value = value as Exclude<StoredLeadAnswer["value"], undefined>;
    }
    return stored;
  });
}

export function storedResults(shown: readonly ShownResult[]): StoredLeadResult[] {
  return shown.map((r) => ({
    id: r.result.id,
    title: r.result.title ?? "",
    value: r.value,
    unit: r.unit,
  }));
}

/** The results to show, with the display texts of the snapshot. */
export function resultsToShow(
  snapshot: PublicQuiz,
  results: readonly StoredLeadResult[],
): LeadResult[] {
  const byId = new Map(snapshot.results.map((result) => [result.id, result]));
  return results.map((stored) => {
    const result = byId.get(stored.id);
    return {
      id: stored.id,
      title: result?.title ?? stored.title,
      description: result?.description ?? "",
      additional_description: result?.additional_description ?? "",
      media: result?.media ?? null,
      value: stored.value,
      unit: stored.unit,
      show_total: result?.show_total ?? false,
      button_text: result?.button_text ?? "",
      button_link: result?.button_link ?? "",
    };
  });
}

/** Where the visitor goes after the lead (the thank-you URL, else the auto-transition link). */
export function redirectUrl(snapshot: PublicQuiz): string | null {
  const end = flowSteps(snapshot, {}).at(-1);
  return end?.kind === "thank_you" ? end.redirect_url : null;
}

function isChoice(value: AnswerValue | undefined): value is ChoiceAnswer {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
