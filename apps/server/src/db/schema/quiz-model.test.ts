import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMigratedTestDatabase } from "../../test-support/test-database";
import type { DatabaseHandle } from "../client";
import {
  answers,
  projects,
  questionConditions,
  questions,
  quizConfigs,
  quizzes,
  results,
  users,
} from "./index";

describe("quiz model schema", () => {
  let database: DatabaseHandle;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ database, close } = await openMigratedTestDatabase());
  });

  afterAll(async () => close());

  async function newQuiz(email: string) {
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({ email, username: email, referralCode: email })
      .returning();
    if (!user) throw new Error("no user");
    const [project] = await db
      .insert(projects)
      .values({ userId: user.id, title: "Project" })
      .returning();
    if (!project) throw new Error("no project");
    const [quiz] = await db
      .insert(quizzes)
      .values({ projectId: project.id, userId: user.id, title: "Quiz" })
      .returning();
    if (!quiz) throw new Error("no quiz");
    return quiz;
  }

  it("gives a new quiz a random 32-character public key", async () => {
    const a = await newQuiz("a@example.com");
    const b = await newQuiz("b@example.com");
    expect(a.publicKey).toMatch(/^[0-9a-f]{32}$/);
    expect(a.publicKey).not.toBe(b.publicKey);
    expect(a.startPage).toEqual({});
    expect(a.draftVersion).toBe(1);
  });

  it("keeps range bounds as written and cascades a question's deletion", async () => {
    const { db } = database;
    const quiz = await newQuiz("c@example.com");
    const [first, second] = await db
      .insert(questions)
      .values([
        { quizId: quiz.id, sort: 1, type: 6, title: "When?", config: { date_range: true } },
        { quizId: quiz.id, sort: 2, type: 1, title: "Which?" },
      ])
      .returning();
    if (!first || !second) throw new Error("no questions");
    await db.insert(answers).values({ questionId: second.id, text: "Answer 1", points: 2.5 });
    const [condition] = await db
      .insert(questionConditions)
      .values({
        questionId: second.id,
        refQuestionId: first.id,
        kind: "range",
        rangeFrom: "2024-05-01",
        rangeTo: 7,
      })
      .returning();
    expect(condition?.rangeFrom).toBe("2024-05-01");
    expect(condition?.rangeTo).toBe(7);
    expect(condition?.answersOperator).toBe("or");

    await db.delete(questions).where(eq(questions.id, first.id));
    const left = await db
      .select()
      .from(questionConditions)
      .where(eq(questionConditions.questionId, second.id));
    expect(left).toEqual([]);
    const [answer] = await db.select().from(answers).where(eq(answers.questionId, second.id));
    expect(answer?.points).toBe(2.5);
  });

  it("refuses a subdomain another quiz has, whatever its case", async () => {
    const { db } = database;
    const one = await newQuiz("d@example.com");
    const two = await newQuiz("e@example.com");
    await db.insert(quizConfigs).values({ quizId: one.id, subdomain: "my-quiz" });
    await expect(
      db.insert(quizConfigs).values({ quizId: two.id, subdomain: "MY-QUIZ" }),
    ).rejects.toThrow();
    await db.insert(quizConfigs).values({ quizId: two.id, subdomain: null });
  });

  it("stores formulas with their verdict and refuses unknown codes", async () => {
    const { db } = database;
    const quiz = await newQuiz("f@example.com");
    const [result] = await db
      .insert(results)
      .values({
        quizId: quiz.id,
        title: "Result 1",
        type: 2,
        formula: [
          { kind: 1, value: 2 },
          { kind: 2, op: 1 },
        ],
        formulaValid: false,
        formulaErrors: [{ index: 1, code: "trailing_operation" }],
      })
      .returning();
    expect(result?.formulaErrors).toEqual([{ index: 1, code: "trailing_operation" }]);
    await expect(
      db.execute(sql`insert into results (quiz_id, title, type) values (${quiz.id}, 'x', 4)`),
    ).rejects.toThrow();
  });
});
