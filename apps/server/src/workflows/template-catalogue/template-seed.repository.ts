import { randomBytes } from "node:crypto";
import { type FormulaElement, FormulaElementKind, type MediaEntity } from "@leadquiz/contract";
import type { Condition } from "@leadquiz/engine";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx, Transaction } from "../../db/client";
import {
  additions,
  answers,
  formFields,
  projects,
  questionConditions,
  questions,
  quizzes,
  resultConditions,
  results,
  storedFiles,
  users,
} from "../../db/schema";
import { type ConditionRemap, columnsOfCondition } from "../../lib/condition-rows";

/** The system account that owns the catalogue's quizzes (it has no password: no sign-in). */
export const SYSTEM_ACCOUNT_EMAIL = "templates@system.leadquiz.invalid";
const SYSTEM_PROJECT_TITLE = "Template catalogue";

type QuizInsert = typeof quizzes.$inferInsert;
type QuestionValues = Omit<typeof questions.$inferInsert, "quizId">;
type AnswerValues = Omit<typeof answers.$inferInsert, "questionId">;
type ResultValues = Omit<typeof results.$inferInsert, "quizId">;
type FormFieldValues = Omit<typeof formFields.$inferInsert, "quizId">;
type AdditionValues = Omit<typeof additions.$inferInsert, "quizId">;

/** A quiz's whole content with local ids (template-compile.ts), as the seed writes it. */
export interface TemplateQuizContent {
  quiz: Pick<
    QuizInsert,
    "title" | "language" | "currency" | "startPage" | "design" | "contactForm" | "resultsSettings"
  >;
  /** The general formula with local question ids. */
  generalFormula: FormulaElement[];
  questions: Array<{
    localId: number;
    values: QuestionValues;
    answers: Array<{ localId: number; values: AnswerValues }>;
    conditions: Condition[];
  }>;
  results: Array<{ values: ResultValues; formula: FormulaElement[]; conditions: Condition[] }>;
  formFields: FormFieldValues[];
  additions: AdditionValues[];
}

/** Rows a template image is attached to (stored_files records one owner per file). */
export interface ImageUse {
  key: string;
  contentType: string;
  size: number;
  entity: MediaEntity;
  entityId: number;
  field: string;
}

/** The system account and its project, made once (the seed holds its advisory lock). */
export async function ensureSystemAccount(
  tx: DbOrTx,
): Promise<{ userId: number; projectId: number }> {
  let [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${SYSTEM_ACCOUNT_EMAIL}`)
    .limit(1);
  if (!user) {
    [user] = await tx
      .insert(users)
      .values({
        email: SYSTEM_ACCOUNT_EMAIL,
        username: "leadquiz-templates",
        passwordHash: null,
        referralCode: `tpl${randomBytes(6).toString("hex")}`,
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
  }
  if (!user) throw new Error("ensureSystemAccount: no user row");
  let [project] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.userId, user.id), isNull(projects.deletedAt)))
    .orderBy(projects.id)
    .limit(1);
  if (!project) {
    [project] = await tx
      .insert(projects)
      .values({ userId: user.id, title: SYSTEM_PROJECT_TITLE })
      .returning({ id: projects.id });
  }
  if (!project) throw new Error("ensureSystemAccount: no project row");
  return { userId: user.id, projectId: project.id };
}

/** Serialises seeds of several processes starting together (released at commit). */
export async function lockTemplateSeed(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727274501)`);
}

/** The seeded copies of the template's local ids; an unknown one is a bug in the template. */
function seedRemap(
  questionIds: ReadonlyMap<number, number>,
  answerIds: ReadonlyMap<number, number>,
): ConditionRemap {
  return {
    question(id) {
      const mapped = questionIds.get(id);
      if (mapped === undefined) throw new Error("template condition: unknown question");
      return mapped;
    },
    answer(id) {
      const mapped = answerIds.get(id);
      if (mapped === undefined) throw new Error("template condition: unknown answer");
      return mapped;
    },
  };
}

function remapFormula(
  formula: FormulaElement[],
  questionIds: Map<number, number>,
): FormulaElement[] {
  return formula.map((element) => {
    if (element.kind !== FormulaElementKind.Question) return element;
    const id = questionIds.get(element.question);
    if (id === undefined) throw new Error("template formula: unknown question");
    return { kind: FormulaElementKind.Question, question: id };
  });
}

export interface WrittenQuiz {
  quizId: number;
  questionIds: Map<number, number>;
  answerIds: Map<number, number>;
  resultIds: number[];
  additionIds: number[];
}

/**
 * Writes a template quiz: a new quiz of the system account, or (an existing `quizId`) the
 * same quiz with its content replaced, so its id and public key stay. The draft version
 * moves on; the caller publishes it.
 */
export async function writeTemplateQuiz(
  tx: Transaction,
  owner: { userId: number; projectId: number },
  content: TemplateQuizContent,
  existingQuizId: number | undefined,
): Promise<WrittenQuiz> {
  let quizId: number;
  if (existingQuizId === undefined) {
    const [row] = await tx
      .insert(quizzes)
      .values({ ...content.quiz, userId: owner.userId, projectId: owner.projectId })
      .returning({ id: quizzes.id });
    if (!row) throw new Error("writeTemplateQuiz: no quiz row");
    quizId = row.id;
  } else {
    quizId = existingQuizId;
    await tx
      .update(quizzes)
      .set({
        ...content.quiz,
        deletedAt: null,
        draftVersion: sql`${quizzes.draftVersion} + 1`,
      })
      .where(eq(quizzes.id, quizId));
    // Conditions and answers cascade with their questions and results.
    await tx.delete(questions).where(eq(questions.quizId, quizId));
    await tx.delete(results).where(eq(results.quizId, quizId));
    await tx.delete(formFields).where(eq(formFields.quizId, quizId));
    await tx.delete(additions).where(eq(additions.quizId, quizId));
  }

  const questionIds = new Map<number, number>();
  const answerIds = new Map<number, number>();
  for (const question of content.questions) {
    const [row] = await tx
      .insert(questions)
      .values({ ...question.values, quizId })
      .returning({ id: questions.id });
    if (!row) throw new Error("writeTemplateQuiz: no question row");
    questionIds.set(question.localId, row.id);
    for (const answer of question.answers) {
      const [answerRow] = await tx
        .insert(answers)
        .values({ ...answer.values, questionId: row.id })
        .returning({ id: answers.id });
      if (!answerRow) throw new Error("writeTemplateQuiz: no answer row");
      answerIds.set(answer.localId, answerRow.id);
    }
  }
  const remap = seedRemap(questionIds, answerIds);
  for (const question of content.questions) {
    const questionId = questionIds.get(question.localId) as number;
    if (question.conditions.length === 0) continue;
    await tx.insert(questionConditions).values(
      question.conditions.map((condition) => ({
        questionId,
        ...columnsOfCondition(condition, remap),
      })),
    );
  }
  const resultIds: number[] = [];
  for (const result of content.results) {
    const [row] = await tx
      .insert(results)
      .values({ ...result.values, quizId, formula: remapFormula(result.formula, questionIds) })
      .returning({ id: results.id });
    if (!row) throw new Error("writeTemplateQuiz: no result row");
    resultIds.push(row.id);
    if (result.conditions.length > 0) {
      await tx.insert(resultConditions).values(
        result.conditions.map((condition) => ({
          resultId: row.id,
          ...columnsOfCondition(condition, remap),
        })),
      );
    }
  }
  await tx
    .update(quizzes)
    .set({
      resultsSettings: {
        ...content.quiz.resultsSettings,
        general_formula: remapFormula(content.generalFormula, questionIds),
      },
    })
    .where(eq(quizzes.id, quizId));
  if (content.formFields.length > 0) {
    await tx.insert(formFields).values(content.formFields.map((field) => ({ ...field, quizId })));
  }
  const additionIds: number[] = [];
  for (const addition of content.additions) {
    const [row] = await tx
      .insert(additions)
      .values({ ...addition, quizId })
      .returning({ id: additions.id });
    if (row) additionIds.push(row.id);
  }
  return { quizId, questionIds, answerIds, resultIds, additionIds };
}

/** Records who uses each newly stored image (one stored_files row per key). */
export async function recordImageUses(
  tx: DbOrTx,
  userId: number,
  quizId: number,
  uses: ImageUse[],
): Promise<void> {
  for (const use of uses) {
    await tx
      .insert(storedFiles)
      .values({
        userId,
        quizId,
        entity: use.entity,
        entityId: use.entityId,
        field: use.field,
        storageKey: use.key,
        contentType: use.contentType,
        size: use.size,
      })
      .onConflictDoNothing({ target: storedFiles.storageKey });
  }
}

/** The quiz row a publish snapshots (id and draft version). */
export async function findQuizVersion(
  tx: DbOrTx,
  quizId: number,
): Promise<{ id: number; draftVersion: number } | undefined> {
  const [row] = await tx
    .select({ id: quizzes.id, draftVersion: quizzes.draftVersion })
    .from(quizzes)
    .where(eq(quizzes.id, quizId))
    .limit(1);
  return row;
}

/** Hides a seeded quiz whose file was removed from the repository. */
export async function hideTemplateQuiz(tx: DbOrTx, quizId: number): Promise<void> {
  await tx
    .update(quizzes)
    .set({ deletedAt: new Date(), isPublished: false })
    .where(eq(quizzes.id, quizId));
}

/** A live quiz of any account (the operator turns it into a template). */
export async function findLiveQuiz(
  tx: DbOrTx,
  quizId: number,
): Promise<{ id: number; title: string; language: number } | undefined> {
  const [row] = await tx
    .select({ id: quizzes.id, title: quizzes.title, language: quizzes.language })
    .from(quizzes)
    .where(and(eq(quizzes.id, quizId), isNull(quizzes.deletedAt)))
    .limit(1);
  return row;
}
