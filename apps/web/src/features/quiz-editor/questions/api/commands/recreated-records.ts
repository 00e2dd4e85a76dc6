import type { RecordKind } from "../../../state/recreated-ids";
import type { Answer, Question } from "../question-queries";
import type { QuestionScope } from "./question-scope";

/**
 * The questions tab's records created again by an undo or a redo, and the one place their
 * new ids are noted (RecreatedIds, docs/editor.md "Re-created records"): every later write
 * resolves an id through the scope, so older steps reach the record that is there now.
 */

/**
 * A create that redo repeats (adding or copying a question): each new record's id is noted
 * as the earlier one's, and `latest()` is the id to delete on undo.
 */
export function repeatableCreate<T extends { id: number }>(
  { ids }: QuestionScope,
  kind: RecordKind,
  create: () => Promise<T>,
) {
  let latest = 0;
  return {
    send: async () => {
      const created = await create();
      if (latest !== 0) ids.recreated(kind, latest, created.id);
      latest = created.id;
      return created;
    },
    latest: () => latest,
  };
}

/** Creates an answer again with its values and place; its new id is noted. */
export async function recreateAnswer(scope: QuestionScope, answer: Answer): Promise<Answer> {
  const { text, points, is_right, sort } = answer;
  const created = await scope.api.createAnswer({
    question: scope.questionId(answer.question),
    text,
    points,
    is_right,
    sort,
  });
  scope.ids.recreated("answer", answer.id, created.id);
  return created;
}

/**
 * Makes a question's answers what `wanted` holds, in order (texts, points, right flags):
 * the answers there are updated, missing ones created, extra ones deleted. Each wanted
 * answer's id is noted as the one written to.
 */
export async function restoreAnswers(
  { api, ids }: QuestionScope,
  ofQuestion: number,
  wanted: readonly Answer[],
): Promise<void> {
  const fresh = await api.listAnswers(ofQuestion);
  for (const [index, answer] of wanted.entries()) {
    const values = { text: answer.text, points: answer.points, is_right: answer.is_right };
    const existing = fresh[index];
    const written = existing
      ? await api.updateAnswer(existing.id, values)
      : await api.createAnswer({ question: ofQuestion, ...values });
    ids.recreated("answer", answer.id, written.id);
  }
  for (const extra of fresh.slice(wanted.length)) await api.deleteAnswer(extra.id);
}

/**
 * Creates a deleted question again at its place with its fields and its answers' texts,
 * points and right flags (conditions and images are not brought back); its new id is noted.
 */
export async function recreateQuestion(
  scope: QuestionScope,
  question: Question,
  answers: readonly Answer[],
): Promise<Question> {
  const { type, title, description, button_text, required, video_url, config, sort } = question;
  const created = await scope.api.createQuestion({
    quiz: scope.quizId,
    type,
    title,
    description,
    button_text,
    required,
    config,
    sort,
    ...(video_url ? { video_url } : {}),
  });
  scope.ids.recreated("question", question.id, created.id);
  await restoreAnswers(scope, created.id, answers);
  return created;
}
