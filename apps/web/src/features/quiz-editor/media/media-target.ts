import { apiPaths, type MediaEntity } from "@leadquiz/contract";

/**
 * Where a media slot's file goes: the PATCH address, the multipart part name, and the
 * field path the server stores it under (`start_page.media` for the quiz's `media` part).
 * The names are those of the OpenAPI document's multipart PATCH bodies.
 */
export interface MediaTarget {
  url: string;
  part: string;
  fieldPath: string;
  entity: MediaEntity;
  entityId: number;
}

const target = (
  entity: MediaEntity,
  entityId: number,
  url: string,
  part: string,
  fieldPath = part,
): MediaTarget => ({ entity, entityId, url, part, fieldPath });

/** The media slots of the quiz model, by owner. */
export const mediaTargets = {
  questionMedia: (id: number) => target("question", id, apiPaths.questionById(id), "media"),
  answerImage: (id: number) => target("answer", id, apiPaths.answerById(id), "image"),
  resultMedia: (id: number) => target("result", id, apiPaths.resultById(id), "media"),
  additionImage: (id: number) => target("addition", id, apiPaths.additionById(id), "image"),
  startPageMedia: (quizId: number) =>
    target("quiz", quizId, apiPaths.quizById(quizId), "media", "start_page.media"),
  backgroundImage: (quizId: number) =>
    target(
      "quiz",
      quizId,
      apiPaths.quizById(quizId),
      "background_image",
      "design.background_image",
    ),
  configMedia: (configId: number) =>
    target("quiz_config", configId, apiPaths.quizConfigById(configId), "media"),
  configImage: (configId: number) =>
    target("quiz_config", configId, apiPaths.quizConfigById(configId), "image"),
  landingLogo: (configId: number) =>
    target("quiz_config", configId, apiPaths.quizConfigById(configId), "logo", "landing.logo"),
} as const;

/** The JSON body that removes the file: `{media: null}`, `{start_page: {media: null}}`. */
export function clearBody(fieldPath: string): Record<string, unknown> {
  const keys = fieldPath.split(".");
  let body: Record<string, unknown> = { [keys.at(-1) ?? fieldPath]: null };
  for (const key of keys.slice(0, -1).reverse()) body = { [key]: body };
  return body;
}
