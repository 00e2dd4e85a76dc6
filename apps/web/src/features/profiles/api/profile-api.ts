import {
  endpoints,
  type PortfolioCreate,
  type PortfolioItem,
  type PortfolioUpdate,
  type Profile,
  type ProfileUpdate,
  RATING_PAGE_SIZE,
  type RatingScope,
} from "@leadquiz/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApiClient } from "@/shared/api/services-context";

/** The specialist profile, its portfolio and the rating (docs/courses.md; OpenAPI `profile/`, `portfolio/`, `rating/`). */

export const profileQueryKey = ["profile"] as const;
export const portfolioQueryKey = ["portfolio"] as const;
export const ratingQueryKey = ["rating"] as const;

/** `GET profile/`: the caller's profile (the server makes it on the first read). */
export function useProfile() {
  const api = useApiClient();
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => api.call(endpoints.getProfile, { signal }),
  });
}

/** A file part of `PATCH profile/`: the avatar or the certificate. */
export type ProfileFileField = "avatar" | "certificate";

/**
 * `PATCH profile/`: JSON for the text fields, the switch and clearing a file; multipart with
 * one file part to upload a file. The answer replaces the cached profile; the rating reads
 * again (a save changes the score and the public state).
 */
export function useUpdateProfile() {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      change:
        | { kind: "fields"; patch: ProfileUpdate }
        | { kind: "file"; field: ProfileFileField; file: File },
    ): Promise<Profile> => {
      if (change.kind === "fields") {
        return api.call(endpoints.updateProfile, { body: change.patch });
      }
      const body = new FormData();
      body.append(change.field, change.file, change.file.name);
      return api.call(endpoints.updateProfile, { body });
    },
    onSuccess: (profile) => {
      client.setQueryData(profileQueryKey, profile);
      void client.invalidateQueries({ queryKey: ratingQueryKey });
    },
  });
}

/** `GET portfolio/`: the caller's projects, oldest first. */
export function usePortfolio() {
  const api = useApiClient();
  return useQuery({
    queryKey: portfolioQueryKey,
    queryFn: ({ signal }) => api.call(endpoints.listPortfolio, { signal }),
  });
}

/** What the portfolio dialog sends: the texts, and a new file or the old one removed. */
export interface PortfolioDraft {
  texts: { name: string; work_done: string; results: string };
  /** A new file to store; null keeps the stored one (or none). */
  file: File | null;
  /** Remove the stored file (editing only, when no new file is chosen). */
  removeFile: boolean;
}

function multipartOf(texts: PortfolioDraft["texts"], file: File): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(texts)) body.append(name, value);
  body.append("file", file, file.name);
  return body;
}

/** `POST portfolio/`, `PATCH portfolio/{id}/` and `DELETE portfolio/{id}/`. */
export function usePortfolioMutations() {
  const api = useApiClient();
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: portfolioQueryKey });
    // The portfolio counts in the score (OpenAPI `GET rating/`, docs/courses.md "Rating").
    void client.invalidateQueries({ queryKey: profileQueryKey });
    void client.invalidateQueries({ queryKey: ratingQueryKey });
  };
  const save = useMutation({
    mutationFn: ({ id, draft }: { id: number | null; draft: PortfolioDraft }) => {
      if (id === null) {
        const body: PortfolioCreate | FormData = draft.file
          ? multipartOf(draft.texts, draft.file)
          : draft.texts;
        return api.call(endpoints.createPortfolioItem, { body });
      }
      const body: PortfolioUpdate | FormData = draft.file
        ? multipartOf(draft.texts, draft.file)
        : { ...draft.texts, ...(draft.removeFile ? { file: null } : {}) };
      return api.call(endpoints.updatePortfolioItem, { params: { id }, body });
    },
    onSuccess: (saved: PortfolioItem) => {
      client.setQueryData<PortfolioItem[]>(portfolioQueryKey, (items) => {
        if (!items) return items;
        return items.some((item) => item.id === saved.id)
          ? items.map((item) => (item.id === saved.id ? saved : item))
          : [...items, saved];
      });
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.call(endpoints.deletePortfolioItem, { params: { id } }),
    onSuccess: (_answer, id) => {
      client.setQueryData<PortfolioItem[]>(portfolioQueryKey, (items) =>
        items?.filter((item) => item.id !== id),
      );
      refresh();
    },
  });
  return { save, remove };
}

/**
 * `GET rating/` one page at a time: page `page` (from 1) of the scope. The cursor of the
 * rating is the number of entries before the page (docs/courses.md "Rating"), so any page can
 * be asked for directly — the owner's own position included.
 */
export function useRating(scope: RatingScope, page: number, enabled: boolean) {
  const api = useApiClient();
  const cursor = page > 1 ? String((page - 1) * RATING_PAGE_SIZE) : undefined;
  return useQuery({
    queryKey: [...ratingQueryKey, scope, page],
    queryFn: ({ signal }) => api.call(endpoints.getRating, { signal, query: { scope, cursor } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
