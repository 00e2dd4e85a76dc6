import type { PublicQuiz } from "@leadquiz/contract";

/**
 * The snapshot as visitors get it (docs/security.md "Gated results"). When the results come
 * after the contact form, the results are the lead's answer (`POST public/quiz/{public_key}/
 * lead/` recomputes them from the stored snapshot), so the public snapshot carries no
 * result, no general formula and no answer points, except the points of questions a
 * question's "number" condition reads (the visitor's path needs them). Results before the
 * form: the snapshot as stored.
 */
export function visitorSnapshot(snapshot: PublicQuiz): PublicQuiz {
  if (snapshot.results_settings.position !== "after_form") return snapshot;
  const pathNeedsPoints = new Set(
    snapshot.questions.flatMap((question) =>
      question.conditions.filter((c) => c.kind === "number").map((c) => c.ref_question),
    ),
  );
  return {
    ...snapshot,
    questions: snapshot.questions.map((question) =>
      pathNeedsPoints.has(question.id)
        ? question
        : {
            ...question,
            answers: question.answers.map(({ points: _points, ...answer }) => answer),
          },
    ),
    results: [],
    results_settings: { ...snapshot.results_settings, general_formula: [] },
  };
}
