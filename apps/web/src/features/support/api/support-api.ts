import {
  endpoints,
  type Review,
  type ReviewCreate,
  type ReviewPage,
  type SupportRequest,
  type SupportRequestCreated,
} from "@leadquiz/contract";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "@/shared/api/api-client";
import { useApiClient } from "@/shared/api/services-context";

/** `POST support/` (operation `sendSupportRequest`). */
export function sendSupportRequest(
  api: ApiClient,
  body: SupportRequest,
): Promise<SupportRequestCreated> {
  return api.call(endpoints.sendSupportRequest, { body });
}

/** `POST create-feedback/` (operation `saveReview`): makes or replaces the account's review. */
export function saveReview(api: ApiClient, body: ReviewCreate): Promise<Review> {
  return api.call(endpoints.saveReview, { body });
}

export const reviewsQueryKey = ["reviews"] as const;

/** `GET service-feedback-list/` (operation `listReviews`), page after page. */
export function useReviews() {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: reviewsQueryKey,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }): Promise<ReviewPage> =>
      api.call(endpoints.listReviews, { query: { cursor: pageParam || undefined }, signal }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/** Reads the reviews again from the first page (after the account's review changed). */
export function useRefreshReviews() {
  const client = useQueryClient();
  return () => client.resetQueries({ queryKey: reviewsQueryKey });
}
