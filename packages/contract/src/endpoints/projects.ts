import { errorBodySchema, validationErrorBodySchema } from "../errors";
import {
  projectCreateSchema,
  projectListSchema,
  projectSchema,
  projectUpdateSchema,
} from "../projects";
import { copyRequestSchema, idParamsSchema } from "../quiz-common";
import { endpoint, noContentSchema } from "./endpoint";

const tags = ["projects"];
const errors = { 401: errorBodySchema, 404: errorBodySchema };
const withFieldErrors = { 400: validationErrorBodySchema, ...errors };

/** The owner's projects (docs/api.md "Quiz content"); every call is scoped to the account. */
export const projectEndpoints = {
  listProjects: endpoint({
    method: "GET",
    path: "/project/",
    operationId: "listProjects",
    tags,
    summary: "The account's projects with their quizzes",
    description:
      "Live projects, oldest first, each with its live quizzes (QuizSummary, oldest " +
      "first): `leads_count` counts the stored leads, `public_url` is the visitors' address.",
    responses: { 200: projectListSchema, ...errors },
  }),
  getProject: endpoint({
    method: "GET",
    path: "/project/{id}/",
    operationId: "getProject",
    tags,
    summary: "A project with its quizzes",
    params: idParamsSchema,
    responses: { 200: projectSchema, ...withFieldErrors },
  }),
  createProject: endpoint({
    method: "POST",
    path: "/project/",
    operationId: "createProject",
    tags,
    summary: "Creates a project",
    description: 'A missing title becomes "New project" in the owner\'s language.',
    body: projectCreateSchema,
    responses: { 201: projectSchema, ...withFieldErrors },
  }),
  copyProject: endpoint({
    method: "POST",
    path: "/project/copy/",
    operationId: "copyProject",
    tags,
    summary: "Copies a project with all its quizzes",
    description:
      'The copy is titled "… (copy)" and holds a deep copy of every live quiz (see ' +
      "POST quiz/copy/), all or nothing.",
    body: copyRequestSchema,
    responses: { 201: projectSchema, ...withFieldErrors },
  }),
  updateProject: endpoint({
    method: "PATCH",
    path: "/project/{id}/",
    operationId: "updateProject",
    tags,
    summary: "Changes a project's title and sites",
    description: "`sites` replaces the whole list.",
    params: idParamsSchema,
    body: projectUpdateSchema,
    responses: { 200: projectSchema, ...withFieldErrors },
  }),
  deleteProject: endpoint({
    method: "DELETE",
    path: "/project/{id}/",
    operationId: "deleteProject",
    tags,
    summary: "Deletes (hides) a project",
    description:
      "The project and its quizzes disappear from every list and read; their leads stay.",
    params: idParamsSchema,
    responses: { 204: noContentSchema, ...withFieldErrors },
  }),
} as const;
