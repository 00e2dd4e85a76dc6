import { z } from "zod";
import { MAX_ID, timestampSchema, titleText, URL_MAX_LENGTH } from "./quiz-common";
import { quizSummarySchema } from "./quizzes";

export const PROJECT_SITES_MAX = 100;

/**
 * A site address as an owner types it: an http(s) URL or a bare host name with a dot
 * ("shop.example.com"), no spaces. The dashboard checks the same rule before sending.
 */
export function isSiteAddress(value: string): boolean {
  if (value === "" || /\s/.test(value)) return false;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "http:" && url.protocol !== "https:") return false;
    return url.hostname === "localhost" || /^[^.]+(\.[^.]+)+$/.test(url.hostname);
  } catch {
    return false;
  }
}

/** A site of the project, as the owner types it (a URL or a host name). */
export const siteText = z
  .string()
  .trim()
  .min(1)
  .max(URL_MAX_LENGTH)
  .superRefine((value, ctx) => {
    if (value !== "" && !isSiteAddress(value))
      ctx.addIssue({ code: "custom", message: "invalid_value" });
  });

export const projectSchema = z.object({
  id: z.int32(),
  title: z.string(),
  created_at: timestampSchema,
  sites: z.array(z.string()),
  /**
   * The leads sent in this project (not erased, partial ones apart), as the leads list
   * filtered by the project shows them, deleted quizzes' leads included.
   */
  leads_count: z.int32().min(0).max(MAX_ID),
  quizzes: z.array(quizSummarySchema),
});
export type Project = z.infer<typeof projectSchema>;
export const projectListSchema = z.array(projectSchema);

/** `POST project/`: an omitted title gets the service's default. */
export const projectCreateSchema = z.object({
  title: titleText.optional(),
  sites: z.array(siteText).max(PROJECT_SITES_MAX).optional(),
});
export type ProjectCreate = z.infer<typeof projectCreateSchema>;

/** `PATCH project/{id}/`: `sites` replaces the whole list. */
export const projectUpdateSchema = projectCreateSchema;
export type ProjectUpdate = z.infer<typeof projectUpdateSchema>;
