import {
  apiPaths,
  type PublicQuiz,
  publicQuizSchema,
  type Quiz,
  quizSchema,
  type TemplateListQuery,
  type TemplatePage,
  templateOptionListSchema,
  templatePageSchema,
} from "@leadquiz/contract";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { projectsQueryKey } from "@/shared/api/projects-queries";
import { useApiClient } from "@/shared/api/services-context";

export type TemplateFilters = Omit<TemplateListQuery, "cursor">;

function query(filters: TemplateFilters, cursor: string | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value) params.set(key, value);
  }
  if (cursor) params.set("cursor", cursor);
  const text = params.toString();
  return text ? `${apiPaths.quizTemplates}?${text}` : apiPaths.quizTemplates;
}

/** `GET quiz-templates/` (operation `listTemplates`), page after page. */
export function useTemplates(filters: TemplateFilters) {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: ["templates", filters],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }): Promise<TemplatePage> =>
      api.get(query(filters, pageParam), templatePageSchema, { signal }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/** `GET quiztemplatetype/` or `GET quiztemplatetheme/`: the codes with their titles. */
export function useTemplateOptions(kind: "type" | "theme") {
  const api = useApiClient();
  return useQuery({
    queryKey: ["template-options", kind],
    queryFn: ({ signal }) =>
      api.get(
        kind === "type" ? apiPaths.quizTemplateTypes : apiPaths.quizTemplateThemes,
        templateOptionListSchema,
        { signal },
      ),
  });
}

/**
 * `GET public/quiz/{key}/`: a template's published snapshot, which the preview plays in the
 * runtime's preview page (docs/templates.md "Web"): no session, event or lead is sent.
 */
export function useTemplateSnapshot(publicKey: string | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: ["template-snapshot", publicKey],
    enabled: publicKey !== undefined,
    queryFn: ({ signal }): Promise<PublicQuiz> =>
      api.get(apiPaths.publicQuiz(publicKey ?? ""), publicQuizSchema, { signal }),
  });
}

/** `POST copy-template/` (operation `copyTemplate`): the new quiz, in the project. */
export function useCopyTemplate() {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { template: number; project: number }): Promise<Quiz> =>
      api.post(apiPaths.copyTemplate, body, { schema: quizSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: projectsQueryKey }),
  });
}
