import type { Project, QuizSummary } from "@leadquiz/contract";
import { describe, expect, it } from "vitest";
import { countQuizzes, projectsCache } from "./projects-cache";

const quiz = (id: number, project: number, title = `Quiz ${id}`): QuizSummary => ({
  id,
  project,
  title,
  is_published: false,
  published_at: null,
  created_at: "2026-11-24T10:00:00Z",
  leads_count: 0,
  public_url: `http://localhost/q/k${id}`,
});
const project = (id: number, quizzes: QuizSummary[] = []): Project => ({
  id,
  title: `Project ${id}`,
  created_at: "2026-11-24T10:00:00Z",
  sites: [],
  leads_count: 0,
  quizzes,
});

describe("projectsCache (what the dashboard shows before the server answers)", () => {
  const list = [project(1, [quiz(10, 1), quiz(12, 1)]), project(2, [quiz(11, 2)])];

  it("moves a quiz into the other project in id order, leaving the rest untouched", () => {
    const moved = projectsCache.moveQuiz(list, 10, 2);
    expect(moved.map((p) => p.quizzes.map((q) => [q.id, q.project]))).toEqual([
      [[12, 1]],
      [
        [10, 2],
        [11, 2],
      ],
    ]);
    expect(list[0]?.quizzes).toHaveLength(2);
  });

  it("ignores a move to a project it does not know or of a quiz it does not know", () => {
    expect(projectsCache.moveQuiz(list, 10, 99)).toEqual(list);
    expect(projectsCache.moveQuiz(list, 99, 2)).toEqual(list);
  });

  it("renames, replaces sites and removes projects and quizzes", () => {
    expect(projectsCache.renameProject(list, 2, "Shop")[1]?.title).toBe("Shop");
    expect(projectsCache.setSites(list, 1, ["a.example"])[0]?.sites).toEqual(["a.example"]);
    expect(projectsCache.removeProject(list, 1).map((p) => p.id)).toEqual([2]);
    expect(countQuizzes(projectsCache.removeQuiz(list, 11))).toBe(2);
  });

  it("adds a copy once, even when the server's answer arrives twice", () => {
    const copy = quiz(13, 2, "Quiz 11 (copy)");
    const once = projectsCache.putQuiz(list, copy);
    expect(projectsCache.putQuiz(once, copy)).toEqual(once);
    expect(once[1]?.quizzes.map((q) => q.id)).toEqual([11, 13]);
    const added = projectsCache.addProject(list, project(3));
    expect(projectsCache.addProject(added, project(3)).map((p) => p.id)).toEqual([1, 2, 3]);
  });

  it("counts no quiz in an empty account (the first-run state)", () => {
    expect(countQuizzes([])).toBe(0);
    expect(countQuizzes([project(1)])).toBe(0);
    expect(countQuizzes(list)).toBe(3);
  });
});
