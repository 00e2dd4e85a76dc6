import type { QuestionConfig } from "@leadquiz/contract";
import type { QuestionType } from "@leadquiz/engine";
import { answers, projects, questions, quizzes } from "../db/schema";
import { expectCall, type TestUser } from "./api-client";
import type { TestApp, TestAppWithDatabase } from "./test-app";

/**
 * Quiz content for tests. `createProject` / `createQuizIn` go through the real API;
 * `insertQuiz` / `insertQuestion` write the rows directly, for the tests of modules that
 * only need a quiz or question to exist (theirs are tested apart).
 */

/** A new project of `owner` (its id), made through the API. */
export async function createProject(
  t: Pick<TestApp, "app">,
  owner: TestUser,
  body: Record<string, unknown> = {},
): Promise<number> {
  return (await expectCall<{ id: number }>(t, 201, "POST", "/project/", { user: owner, body })).id;
}

/** A new quiz of `owner` in `project` (its id), made through the API. */
export async function createQuizIn(
  t: Pick<TestApp, "app">,
  owner: TestUser,
  project: number,
  body: Record<string, unknown> = {},
): Promise<number> {
  return (
    await expectCall<{ id: number }>(t, 201, "POST", "/quiz/", {
      user: owner,
      body: { project, ...body },
    })
  ).id;
}

/** A project with one quiz of `user`, inserted directly; answers the quiz id. */
export async function insertQuiz(
  t: TestAppWithDatabase,
  user: Pick<TestUser, "id">,
  options: { language?: number } = {},
): Promise<number> {
  const db = t.database.db;
  const [project] = await db
    .insert(projects)
    .values({ userId: user.id, title: "Project" })
    .returning();
  if (!project) throw new Error("project not inserted");
  const [quiz] = await db
    .insert(quizzes)
    .values({
      projectId: project.id,
      userId: user.id,
      title: "Quiz",
      language: options.language ?? 2,
    })
    .returning();
  if (!quiz) throw new Error("quiz not inserted");
  return quiz.id;
}

export interface TestQuestion {
  id: number;
  answers: number[];
}

/** A question of `quizId` with `answerCount` answers (points 1, 2, …), inserted directly. */
export async function insertQuestion(
  t: TestAppWithDatabase,
  quizId: number,
  options: {
    type?: QuestionType;
    sort?: number;
    config?: QuestionConfig;
    answerCount?: number;
  } = {},
): Promise<TestQuestion> {
  const db = t.database.db;
  const type = options.type ?? 1;
  const [question] = await db
    .insert(questions)
    .values({
      quizId,
      type,
      sort: options.sort ?? 1,
      title: "Question",
      config: options.config ?? {},
    })
    .returning();
  if (!question) throw new Error("question not inserted");
  const count = options.answerCount ?? (type <= 3 ? 2 : 0);
  const answerIds: number[] = [];
  for (let index = 0; index < count; index++) {
    const [answer] = await db
      .insert(answers)
      .values({
        questionId: question.id,
        sort: index + 1,
        text: `A${index + 1}`,
        points: index + 1,
      })
      .returning();
    if (answer) answerIds.push(answer.id);
  }
  return { id: question.id, answers: answerIds };
}

/** The quiz's draft_version (bumped by every change of its content). */
export async function draftVersion(t: TestAppWithDatabase, quizId: number): Promise<number> {
  const rows = await t.database.db.select().from(quizzes);
  const quiz = rows.find((row) => row.id === quizId);
  if (!quiz) throw new Error("quiz not found");
  return quiz.draftVersion;
}
