import {
  endpoints,
  type PublicQuiz,
  type Quiz,
  type TemplateListQuery,
  type TemplatePage,
} from "@leadquiz/contract";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { projectsQueryKey } from "@/shared/api/projects-queries";
import { useApiClient } from "@/shared/api/services-context";

export type TemplateFilters = Omit<TemplateListQuery, "cursor">;

/** The list's query: the filters that are set (an empty one is left out) and the cursor. */
function query(filters: TemplateFilters, cursor: string | undefined): TemplateListQuery {
  const { type, theme, language, search } = filters;
  return {
    type: type || undefined,
    theme: theme || undefined,
    language: language || undefined,
    search: search || undefined,
    cursor: cursor || undefined,
  };
}

/** `GET quiz-templates/` (operation `listTemplates`), page after page. */
export function useTemplates(filters: TemplateFilters) {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: ["templates", filters],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }): Promise<TemplatePage> =>
      api.call(endpoints.listTemplates, { query: query(filters, pageParam), signal }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/** `GET quiztemplatetype/` or `GET quiztemplatetheme/`: the codes with their titles. */
export function useTemplateOptions(kind: "type" | "theme") {
  const api = useApiClient();
  return useQuery({
    queryKey: ["template-options", kind],
    queryFn: ({ signal }) =>
      api.call(kind === "type" ? endpoints.listTemplateTypes : endpoints.listTemplateThemes, {
        signal,
      }),
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
      api.call(endpoints.getPublishedQuiz, { params: { public_key: publicKey ?? "" }, signal }),
  });
}

/** `POST copy-template/` (operation `copyTemplate`): the new quiz, in the project. */
export function useCopyTemplate() {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { template: number; project: number }): Promise<Quiz> =>
      api.call(endpoints.copyTemplate, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: projectsQueryKey }),
  });
}
