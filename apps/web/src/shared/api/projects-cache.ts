import type { Project, QuizSummary } from "@leadquiz/contract";

/**
 * Optimistic changes of the cached `GET project/` list: what the dashboard shows at once,
 * before the server answers (and puts back when it refuses).
 */
export const projectsCache = {
  addProject(projects: readonly Project[], project: Project): Project[] {
    return [...projects.filter((p) => p.id !== project.id), project];
  },

  replaceProject(projects: readonly Project[], project: Project): Project[] {
    return projects.map((p) => (p.id === project.id ? project : p));
  },

  renameProject(projects: readonly Project[], id: number, title: string): Project[] {
    return projects.map((p) => (p.id === id ? { ...p, title } : p));
  },

  setSites(projects: readonly Project[], id: number, sites: string[]): Project[] {
    return projects.map((p) => (p.id === id ? { ...p, sites } : p));
  },

  removeProject(projects: readonly Project[], id: number): Project[] {
    return projects.filter((p) => p.id !== id);
  },

  /** Adds (or replaces) a quiz in its project, keeping the list ordered by id. */
  putQuiz(projects: readonly Project[], quiz: QuizSummary): Project[] {
    return projects.map((p) => {
      const others = p.quizzes.filter((q) => q.id !== quiz.id);
      if (p.id !== quiz.project)
        return others.length === p.quizzes.length ? p : { ...p, quizzes: others };
      return { ...p, quizzes: [...others, quiz].sort((a, b) => a.id - b.id) };
    });
  },

  removeQuiz(projects: readonly Project[], quizId: number): Project[] {
    return projects.map((p) =>
      p.quizzes.some((q) => q.id === quizId)
        ? { ...p, quizzes: p.quizzes.filter((q) => q.id !== quizId) }
        : p,
    );
  },

  moveQuiz(projects: readonly Project[], quizId: number, projectId: number): Project[] {
    const quiz = projects.flatMap((p) => p.quizzes).find((q) => q.id === quizId);
    if (!quiz || !projects.some((p) => p.id === projectId)) return [...projects];
    return projectsCache.putQuiz(projects, { ...quiz, project: projectId });
  },
};

/** Every quiz of every project (the first-run state shows when there is none). */
export function countQuizzes(projects: readonly Project[]): number {
  return projects.reduce((sum, p) => sum + p.quizzes.length, 0);
}
