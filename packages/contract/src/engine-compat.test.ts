import type * as Engine from "@leadquiz/engine";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { Addition } from "./additions";
import type { Answer } from "./answers";
import type { QuestionCondition, ResultCondition } from "./conditions";
import type { FormField } from "./form-fields";
import { type FormulaElement, type FormulaError, formulaElementSchema } from "./formulas";
import { type Question, type QuestionConfig, questionSchema } from "./questions";
import type { ContactForm, ResultsSettings, StartPage } from "./quizzes";
import type { OutputRow, Result } from "./results";

/**
 * The contract's payloads must be readable by the engine as they are, so the server and
 * the clients can hand API data to the engine without mapping. A drift on either side
 * fails `tsc` (and this file's type tests).
 */
describe("contract types fit the engine's", () => {
  it("fits question content", () => {
    expectTypeOf<QuestionConfig>().toExtend<Engine.QuestionConfig>();
    expectTypeOf<Answer>().toExtend<Engine.Answer>();
    expectTypeOf<QuestionCondition>().toExtend<Engine.Condition>();
    expectTypeOf<ResultCondition>().toExtend<Engine.Condition>();
    expectTypeOf<
      Question & { answers: Engine.Answer[]; conditions: Engine.Condition[] }
    >().toExtend<Engine.Question>();
  });

  it("fits formulas and results", () => {
    expectTypeOf<FormulaElement>().toEqualTypeOf<Engine.FormulaElement>();
    expectTypeOf<FormulaError>().toEqualTypeOf<Engine.FormulaError>();
    expectTypeOf<OutputRow>().toExtend<Engine.OutputRow>();
    expectTypeOf<Result & { conditions: Engine.Condition[] }>().toExtend<Engine.Result>();
    expectTypeOf<ResultsSettings>().toExtend<Engine.ResultsSettings>();
  });

  it("fits the quiz's other parts", () => {
    expectTypeOf<Addition>().toExtend<Engine.Addition>();
    expectTypeOf<FormField>().toExtend<Engine.FormField>();
    expectTypeOf<StartPage>().toExtend<Engine.QuizSnapshot["start_page"]>();
    expectTypeOf<ContactForm>().toExtend<Engine.QuizSnapshot["contact_form"]>();
  });

  it("parses a question the engine can use", () => {
    const question = questionSchema.parse({
      id: 1,
      quiz: 1,
      sort: 0,
      type: 7,
      title: "How many?",
      description: "",
      button_text: "",
      required: true,
      media: null,
      video_url: null,
      config: { min: 0, max: 10, step: 0.5, unit: "litre" },
    });
    const engineQuestion: Engine.Question = { ...question, answers: [], conditions: [] };
    expect(engineQuestion.config.step).toBe(0.5);
    expect(formulaElementSchema.safeParse({ kind: 2, op: 9 }).success).toBe(false);
  });
});
