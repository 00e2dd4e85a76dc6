import { z } from "zod";
import { finiteNumber, idSchema, mediaClear, mediaSchema, sortSchema } from "./quiz-common";

/** An answer of a List, Cards or Select question. `points` feed formulas and sums. */
export const answerSchema = z.object({
  id: z.int32(),
  question: z.int32(),
  sort: z.int32(),
  text: z.string(),
  image: mediaSchema,
  is_right: z.boolean(),
  points: z.number(),
});
export type Answer = z.infer<typeof answerSchema>;
export const answerListSchema = z.array(answerSchema);

export const ANSWER_TEXT_MAX_LENGTH = 1000;

const answerWritableFields = {
  sort: sortSchema,
  text: z.string().max(ANSWER_TEXT_MAX_LENGTH),
  is_right: z.boolean(),
  points: finiteNumber,
};

/** `POST answer/`: a missing text becomes "Answer {n}". */
export const answerCreateSchema = z.object({
  question: idSchema,
  ...z.object(answerWritableFields).partial().shape,
});
export type AnswerCreate = z.infer<typeof answerCreateSchema>;

/** `PATCH answer/{id}/` (JSON, or multipart with the file under `image`). */
export const answerUpdateSchema = z
  .object({ ...answerWritableFields, image: mediaClear })
  .partial();
export type AnswerUpdate = z.infer<typeof answerUpdateSchema>;
