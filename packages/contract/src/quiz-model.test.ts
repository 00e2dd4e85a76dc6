import { describe, expect, it } from "vitest";
import { additionUpdateSchema } from "./additions";
import { questionConditionCreateSchema } from "./conditions";
import { questionConfigSchema, questionCreateSchema, questionUpdateSchema } from "./questions";
import { quizConfigUpdateSchema } from "./quiz-configs";
import { quizCreateSchema, quizUpdateSchema } from "./quizzes";

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);
}

describe("quiz model contract", () => {
  it("checks min, max and step with the engine's rule", () => {
    expect(messages(questionConfigSchema.safeParse({ min: 0, max: 10, step: 3 }))).toEqual([
      ["step", "number_step"],
    ]);
    expect(messages(questionConfigSchema.safeParse({ min: 5, max: 1, step: 1 }))).toEqual([
      ["max", "number_max_not_greater_than_min"],
    ]);
    expect(questionConfigSchema.safeParse({ min: 0, max: 1, step: 0.1 }).success).toBe(true);
    expect(
      messages(
        questionCreateSchema.safeParse({ quiz: 1, type: 5, config: { quantity_of_answers: 11 } }),
      ),
    ).toEqual([["config.quantity_of_answers", "quantity_of_answers"]]);
  });

  it("accepts only YouTube video links", () => {
    expect(messages(questionUpdateSchema.safeParse({ video_url: "https://vimeo.com/1" }))).toEqual([
      ["video_url", "invalid_youtube_url"],
    ]);
    expect(
      questionUpdateSchema.safeParse({ video_url: "https://youtu.be/dQw4w9WgXcQ" }).success,
    ).toBe(true);
    expect(questionUpdateSchema.safeParse({ video_url: null }).success).toBe(true);
  });

  it("reads nested objects as merge patches where null clears a key", () => {
    const patch = quizUpdateSchema.parse({
      design: { button_color: null, progress_bar: true, unknown: 1 },
      start_page: { media: null },
    });
    expect(patch).toEqual({
      design: { button_color: null, progress_bar: true },
      start_page: { media: null },
    });
    expect(quizUpdateSchema.safeParse({ start_page: { media: "/uploads/x.png" } }).success).toBe(
      false,
    );
    expect(quizCreateSchema.safeParse({ title: "No project" }).success).toBe(false);
    expect(additionUpdateSchema.parse({ settings: { max_discount: null } })).toEqual({
      settings: { max_discount: null },
    });
  });

  it("checks subdomains with the engine's rule", () => {
    expect(messages(quizConfigUpdateSchema.safeParse({ landing: { subdomain: "a--b" } }))).toEqual([
      ["landing.subdomain", "subdomain_hyphens"],
    ]);
    expect(messages(quizConfigUpdateSchema.safeParse({ landing: { subdomain: "Quiz" } }))).toEqual([
      ["landing.subdomain", "subdomain_chars"],
    ]);
    expect(quizConfigUpdateSchema.safeParse({ landing: { subdomain: null } }).success).toBe(true);
  });

  it("asks each condition kind for what it needs", () => {
    const base = { question: 2, ref_question: 1 };
    expect(messages(questionConditionCreateSchema.safeParse({ ...base, kind: "answers" }))).toEqual(
      [["answers", "required"]],
    );
    expect(
      messages(
        questionConditionCreateSchema.safeParse({
          ...base,
          kind: "range",
          range_from: "2024-02-30",
        }),
      ),
    ).toContainEqual(["range_from", "Invalid input"]);
    expect(
      questionConditionCreateSchema.safeParse({
        ...base,
        kind: "range",
        range_from: "2024-02-01",
        range_to: "2024-03-01T10:00",
      }).success,
    ).toBe(true);
  });
});
