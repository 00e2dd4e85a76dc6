import { endpoints, type MediaEntity } from "@leadquiz/contract";
import type { RecordUpdate } from "../fields/record-update";

/**
 * Where a media slot's file goes: the record's update operation (a multipart PATCH), the
 * multipart part name, and the field path the server stores it under (`start_page.media` for
 * the quiz's `media` part). The names are those of the OpenAPI document's multipart PATCH
 * bodies.
 */
export interface MediaTarget {
  endpoint: RecordUpdate;
  part: string;
  fieldPath: string;
  entity: MediaEntity;
  entityId: number;
}

const target = (
  entity: MediaEntity,
  entityId: number,
  endpoint: RecordUpdate,
  part: string,
  fieldPath = part,
): MediaTarget => ({ entity, entityId, endpoint, part, fieldPath });

/** The media slots of the quiz model, by owner. */
export const mediaTargets = {
  questionMedia: (id: number) => target("question", id, endpoints.updateQuestion, "media"),
  answerImage: (id: number) => target("answer", id, endpoints.updateAnswer, "image"),
  resultMedia: (id: number) => target("result", id, endpoints.updateResult, "media"),
  additionImage: (id: number) => target("addition", id, endpoints.updateAddition, "image"),
  startPageMedia: (quizId: number) =>
    target("quiz", quizId, endpoints.updateQuiz, "media", "start_page.media"),
  backgroundImage: (quizId: number) =>
    target("quiz", quizId, endpoints.updateQuiz, "background_image", "design.background_image"),
  configMedia: (configId: number) =>
    target("quiz_config", configId, endpoints.updateQuizConfig, "media"),
  configImage: (configId: number) =>
    target("quiz_config", configId, endpoints.updateQuizConfig, "image"),
  landingLogo: (configId: number) =>
    target("quiz_config", configId, endpoints.updateQuizConfig, "logo", "landing.logo"),
} as const;

/** The JSON body that removes the file: `{media: null}`, `{start_page: {media: null}}`. */
export function clearBody(fieldPath: string): Record<string, unknown> {
  const keys = fieldPath.split(".");
  let body: Record<string, unknown> = { [keys.at(-1) ?? fieldPath]: null };
  for (const key of keys.slice(0, -1).reverse()) body = { [key]: body };
  return body;
}
