import {
  apiAddress,
  type Endpoint,
  endpoints,
  type MediaEntity,
  routePattern,
} from "@leadquiz/contract";

/** A PATCH route that owns files: its entity, and multipart file part name → field path. */
export interface MediaTarget {
  entity: MediaEntity;
  files: Record<string, string>;
}

/**
 * The routes whose PATCH accepts `multipart/form-data` (docs/api.md "Conventions"), by route
 * pattern (parameter names normalised to `:id`, no trailing slash).
 */
export const targets = new Map<string, MediaTarget>(
  (
    [
      [endpoints.updateQuestion, { entity: "question", files: { media: "media" } }],
      [endpoints.updateAnswer, { entity: "answer", files: { image: "image" } }],
      [endpoints.updateResult, { entity: "result", files: { media: "media" } }],
      [endpoints.updateAddition, { entity: "addition", files: { image: "image" } }],
      [
        endpoints.updateQuizConfig,
        {
          entity: "quiz_config",
          files: { media: "media", image: "image", logo: "landing.logo" },
        },
      ],
      [
        endpoints.updateQuiz,
        {
          entity: "quiz",
          files: { media: "start_page.media", background_image: "design.background_image" },
        },
      ],
    ] satisfies [Endpoint, MediaTarget][]
  ).map(([{ path }, target]) => [normalisePattern(apiAddress(routePattern(path))), target]),
);

/**
 * The file parts each multipart PATCH takes, by OpenAPI path (`/api/v1/question/{id}/`):
 * the OpenAPI document names them (plugins/openapi.ts).
 */
export function mediaFileFieldsOf(openApiPath: string): string[] | undefined {
  const target = targets.get(normalisePattern(openApiPath.replace(/\{[^}]+\}/g, ":id")));
  return target ? Object.keys(target.files) : undefined;
}

export function normalisePattern(url: string): string {
  return url.replace(/:[A-Za-z0-9_]+/g, ":id").replace(/\/+$/, "");
}
