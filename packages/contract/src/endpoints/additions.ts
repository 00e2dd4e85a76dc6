import { z } from "zod";
import {
  additionCreateSchema,
  additionListSchema,
  additionSchema,
  additionUpdateSchema,
} from "../additions";
import { errorBodySchema, validationErrorBodySchema } from "../errors";
import { idParamsSchema } from "../quiz-common";
import { endpoint } from "./endpoint";

const tags = ["additions"];

const answers = { 400: validationErrorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** The operations of apps/server's additions.routes.ts (docs/api.md). */
export const additionsEndpoints = {
  listAdditions: endpoint({
    method: "GET",
    path: "/addition/{id}/by_quiz",
    operationId: "listAdditions",
    tags,
    summary: "Lists a quiz's additions",
    description: "Ordered by sort, then id; settings with the type's defaults filled in.",
    params: idParamsSchema,
    responses: { 200: additionListSchema, ...answers },
  }),
  createAddition: endpoint({
    method: "POST",
    path: "/addition/",
    operationId: "createAddition",
    tags,
    summary: "Adds a bonus, discount or consultant to a quiz",
    description:
      "Missing settings take the type's defaults. A quiz has at most one addition of " +
      "each type: a second is a 400 on `type`. Placed last unless `sort` names a " +
      "position (1-based).",
    body: additionCreateSchema,
    responses: { 201: additionSchema, ...answers },
  }),
  updateAddition: endpoint({
    method: "PATCH",
    path: "/addition/{id}/",
    operationId: "updateAddition",
    tags,
    summary: "Changes an addition",
    description:
      "The type does not change. `settings` is merged (null clears a key back to its " +
      "default) and the result checked with the type's schema (400 `settings.<key>`). " +
      "`sort` moves it; `image: null` removes the image.",
    params: idParamsSchema,
    body: additionUpdateSchema,
    responses: { 200: additionSchema, ...answers },
  }),
  deleteAddition: endpoint({
    method: "DELETE",
    path: "/addition/{id}/",
    operationId: "deleteAddition",
    tags,
    summary: "Deletes an addition",
    params: idParamsSchema,
    responses: { 204: z.void(), ...answers },
  }),
} as const;
