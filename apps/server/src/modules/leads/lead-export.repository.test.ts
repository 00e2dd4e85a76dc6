import { describe, expect, it } from "vitest";
import { alignedVersions } from "./lead-export.repository";

describe("alignedVersions", () => {
  // Quiz 1 asks questions 11, 12 (version 1) then 12, 11 (version 2: reordered); quiz 2 asks
  // 21 then 22, and 22 shares its title with question 12 of quiz 1.
  const columns = {
    questions: [
      { title: "B", questions: [12] },
      { title: "A", questions: [11] },
      { title: "C", questions: [21] },
      { title: "Shared", questions: [22] },
    ],
    versions: [
      { quizId: 1, version: 1, questionIds: [11, 12] },
      { quizId: 1, version: 2, questionIds: [12, 11] },
      { quizId: 2, version: 1, questionIds: [21, 22] },
      { quizId: 3, version: 1, questionIds: [] },
    ],
    quizzes: [],
  };

  it("places a version whose questions fill consecutive columns in order, with the empty columns around them", () => {
    expect(alignedVersions(columns)).toEqual([
      { quizId: 1, version: 2, before: "", after: ",," },
      { quizId: 2, version: 1, before: ",,", after: "" },
      { quizId: 3, version: 1, before: "", after: ",,,," },
    ]);
  });

  it("leaves out a version whose questions the layout orders otherwise or puts in one column", () => {
    const merged = {
      questions: [
        { title: "A", questions: [11] },
        { title: "B", questions: [12, 13] },
      ],
      versions: [{ quizId: 1, version: 1, questionIds: [11, 12, 13] }],
      quizzes: [],
    };
    expect(alignedVersions(merged)).toEqual([]);
  });
});
