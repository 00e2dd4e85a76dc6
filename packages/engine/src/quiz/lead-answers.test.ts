import { describe, expect, it } from "vitest";
import { answerText, fromLeadAnswer, leadAnswerProblem } from "./lead-answers";
import { choice, question } from "./test-fixtures";

const single = choice(1, [3, 5, -2]);
const multi = choice(2, [3, 5, -2], { multi_answers: true, own_answer: true });
const text = question(3, 4);
const rating = question(4, 5, { quantity_of_answers: 10 });
const date = question(5, 6);
const dateRange = question(6, 6, { date_range: true, time: true });
const slider = question(7, 7, { min: 0, max: 100, step: 5, unit: "kilogram" });
const twoSided = question(8, 7, { min: 0, max: 100, two_sided: true });

describe("fromLeadAnswer", () => {
  it("reads each type's keys back into the engine's value (the runtime's toLeadAnswer inverted)", () => {
    expect(fromLeadAnswer(multi, { question: 2, answers: [21], text: "mine" })).toEqual({
      answers: [21],
      own_text: "mine",
    });
    expect(fromLeadAnswer(single, { question: 1 })).toEqual({ answers: [] });
    expect(fromLeadAnswer(text, { question: 3, text: "hello" })).toBe("hello");
    expect(fromLeadAnswer(rating, { question: 4, value: 7 })).toBe(7);
    expect(fromLeadAnswer(dateRange, { question: 6, value: ["2024-05-01", "2024-05-03"] })).toEqual(
      ["2024-05-01", "2024-05-03"],
    );
    expect(fromLeadAnswer(twoSided, { question: 8, value: [10, 20] })).toEqual([10, 20]);
  });

  it("refuses keys the question type does not take", () => {
    expect(fromLeadAnswer(single, { question: 1, answers: [11], value: 3 })).toBe("wrong_shape");
    expect(fromLeadAnswer(text, { question: 3, answers: [1], text: "x" })).toBe("wrong_shape");
    expect(fromLeadAnswer(text, { question: 3 })).toBe("wrong_shape");
    expect(fromLeadAnswer(rating, { question: 4, answers: [1] })).toBe("wrong_shape");
    expect(fromLeadAnswer(slider, { question: 7, text: "5" })).toBe("wrong_shape");
    expect(fromLeadAnswer(date, { question: 5 })).toBe("wrong_shape");
  });
});

describe("leadAnswerProblem", () => {
  it("checks the keys, then the value against the question", () => {
    expect(leadAnswerProblem(single, { question: 1, answers: [12] })).toBeNull();
    expect(leadAnswerProblem(single, { question: 1, answers: [99] })).toBe("unknown_answer");
    expect(leadAnswerProblem(single, { question: 1, answers: [11, 12] })).toBe("several_answers");
    expect(leadAnswerProblem(single, { question: 1, answers: [11], text: "x" })).toBe(
      "own_text_not_allowed",
    );
    expect(leadAnswerProblem(rating, { question: 4, value: 11 })).toBe("out_of_range");
    expect(leadAnswerProblem(rating, { question: 4, value: "7" })).toBe("wrong_shape");
    expect(leadAnswerProblem(date, { question: 5, value: "yesterday" })).toBe("invalid_date");
    expect(leadAnswerProblem(twoSided, { question: 8, value: [30, 20] })).toBe("reversed_range");
    expect(leadAnswerProblem(slider, { question: 7, value: [1, 2] })).toBe("wrong_shape");
  });
});

describe("answerText", () => {
  it("choice: the selected texts in the question's order, the own text last", () => {
    expect(answerText(multi, { answers: [23, 21], own_text: " mine " })).toBe("A1, A3, mine");
    expect(answerText(single, { answers: [12] })).toBe("A2");
  });

  it("text, rating, dates and sliders", () => {
    expect(answerText(text, "  hello ")).toBe("hello");
    expect(answerText(rating, 7)).toBe("7/10");
    expect(answerText(question(9, 5), 4)).toBe("4/5");
    expect(answerText(date, "2024-05-01")).toBe("2024-05-01");
    expect(answerText(dateRange, ["2024-05-01T10:00", "2024-05-03T12:30"])).toBe(
      "2024-05-01T10:00 – 2024-05-03T12:30",
    );
    expect(answerText(slider, 35, { unitLabel: (unit) => `<${unit}>` })).toBe("35 <kilogram>");
    expect(answerText(slider, 35)).toBe("35");
    expect(answerText(twoSided, [10, 20])).toBe("10 – 20");
  });

  it("is empty for a missing, empty or ill-fitting answer", () => {
    expect(answerText(single, undefined)).toBe("");
    expect(answerText(single, { answers: [] })).toBe("");
    expect(answerText(single, { answers: [99] })).toBe("");
    expect(answerText(rating, 11)).toBe("");
  });
});
