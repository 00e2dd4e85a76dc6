import type { Project, ProjectCreate, ProjectUpdate } from "@leadquiz/contract";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { forgetPublishedQuiz } from "../publication";
import {
  countLeadsByProject,
  countLeadsByQuiz,
  defaultText,
  findUserLanguage,
  listOwnedQuizzes,
  toQuizSummary,
} from "../quizzes";
import { assertProjectAllowed, tariffTerms } from "../tariffs";
import {
  findOwnedProject,
  hideProject,
  insertProject,
  listOwnedProjects,
  type ProjectRow,
  updateProject,
} from "./projects.repository";

export type ProjectsService = ReturnType<typeof createProjectsService>;

/**
 * The caller's projects with their live quizzes: list, read, create, deep copy, change
 * (title, sites) and hide. Another account's project answers 404.
 */
export function createProjectsService(ctx: Pick<AppContext, "db" | "config" | "database">) {
  const terms = tariffTerms(ctx.config);
  async function present(db: AppContext["db"], userId: number, rows: ProjectRow[]) {
    const quizzes = await listOwnedQuizzes(
      db,
      userId,
      rows.map((row) => row.id),
    );
    const leadCounts = await countLeadsByQuiz(
      db,
      quizzes.map((quiz) => quiz.id),
    );
    const projectCounts = await countLeadsByProject(
      db,
      rows.map((row) => row.id),
    );
    return rows.map(
      (row): Project => ({
        id: row.id,
        title: row.title,
        created_at: row.createdAt.toISOString(),
        sites: row.sites,
        leads_count: projectCounts.get(row.id) ?? 0,
        quizzes: quizzes
          .filter((quiz) => quiz.projectId === row.id)
          .map((quiz) => toQuizSummary(quiz, ctx.config, leadCounts.get(quiz.id) ?? 0)),
      }),
    );
  }

  async function presentOne(userId: number, row: ProjectRow): Promise<Project> {
    const [project] = await present(ctx.db, userId, [row]);
    if (!project) throw new AppError("not_found");
    return project;
  }

  return {
    async list(userId: number): Promise<Project[]> {
      return present(ctx.db, userId, await listOwnedProjects(ctx.db, userId));
    },

    async get(userId: number, id: number): Promise<Project> {
      const row = await findOwnedProject(ctx.db, userId, id);
      if (!row) throw new AppError("not_found");
      return presentOne(userId, row);
    },

    /** `POST project/`: a missing title becomes "New project" in the owner's language. */
    async create(userId: number, body: ProjectCreate): Promise<Project> {
      const title = body.title ?? defaultText(await findUserLanguage(ctx.db, userId), "project");
      const row = await ctx.db.transaction(async (tx) => {
        await assertProjectAllowed(tx, userId, terms);
        return insertProject(tx, { userId, title, sites: body.sites ?? [] });
      });
      return presentOne(userId, row);
    },

    /** The API's `Project` of a row, with its live quizzes (for workflows that write one). */
    present: presentOne,

    /** `PATCH project/{id}/`: title and/or sites (the list is replaced). */
    async update(userId: number, id: number, body: ProjectUpdate): Promise<Project> {
      const row = await ctx.db.transaction(async (tx) => {
        const current = await findOwnedProject(tx, userId, id, true);
        if (!current) throw new AppError("not_found");
        if (body.title === undefined && body.sites === undefined) return current;
        return updateProject(tx, id, {
          ...(body.title === undefined ? {} : { title: body.title }),
          ...(body.sites === undefined ? {} : { sites: body.sites }),
        });
      });
      return presentOne(userId, row);
    },

    /** `DELETE project/{id}/`: hides it and its quizzes (leads stay). */
    async remove(userId: number, id: number): Promise<void> {
      await ctx.db.transaction(async (tx) => {
        if (!(await findOwnedProject(tx, userId, id, true))) throw new AppError("not_found");
        await hideProject(tx, id);
      });
      // Its quizzes are gone for visitors of this process at once (the others: notification).
      forgetPublishedQuiz(ctx.database, "*");
    },
  };
}
