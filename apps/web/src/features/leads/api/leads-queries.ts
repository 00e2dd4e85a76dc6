import {
  endpoints,
  type LeadDetail,
  type LeadFilters,
  type LeadListPage,
  type LeadRetention,
  type LeadStatus,
} from "@leadquiz/contract";
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useApiClient } from "@/shared/api/services-context";

/** New leads show up without a reload: the open pages are read again this often. */
export const LEADS_POLL_MS = 15_000;

export const leadsQueryKey = ["leads"] as const;

type LeadPages = InfiniteData<LeadListPage, string | null>;

/** The filters as query parameters (empty ones left out). */
export function filterQuery(filters: LeadFilters): Record<string, string | number | undefined> {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== ""),
  );
}

/** `GET leadslist/` (operation `listLeads`): keyset pages, "show more" reads the next one. */
export function useLeadPages(filters: LeadFilters) {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: [...leadsQueryKey, "list", filters],
    queryFn: ({ pageParam, signal }) =>
      api.call(endpoints.listLeads, {
        query: { ...filterQuery(filters), cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    refetchInterval: LEADS_POLL_MS,
  });
}

/** `GET lead_answers/{id}/` (operation `getLeadAnswers`), for an opened lead. */
export function useLeadDetail(id: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...leadsQueryKey, "detail", id],
    queryFn: ({ signal }) =>
      api.call(endpoints.getLeadAnswers, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

/** Every list page with the lead replaced by `change(lead)`. */
function patchLead(
  pages: LeadPages | undefined,
  id: number,
  change: (lead: LeadListPage["results"][number]) => LeadListPage["results"][number],
  requestsLeft?: number,
): LeadPages | undefined {
  if (!pages) return pages;
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      requests_left: requestsLeft ?? page.requests_left,
      results: page.results.map((lead) => (lead.id === id ? change(lead) : lead)),
    })),
  };
}

/** `POST update-lead-tariff/` (operation `openLead`): spends one request, once per lead. */
export function useOpenLead() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lead: number) => api.call(endpoints.openLead, { body: { lead } }),
    onSuccess: (opened) => {
      queryClient.setQueriesData<LeadPages>({ queryKey: [...leadsQueryKey, "list"] }, (pages) =>
        patchLead(pages, opened.lead.id, () => opened.lead, opened.requests_left),
      );
    },
  });
}

/** `PATCH lead/{id}/` (operation `updateLead`): status and note. */
export function useUpdateLead() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { id: number; status?: LeadStatus; note?: string }) => {
      const { id, ...body } = change;
      return api.call(endpoints.updateLead, { params: { id }, body });
    },
    onSuccess: (saved) => {
      queryClient.setQueriesData<LeadPages>({ queryKey: [...leadsQueryKey, "list"] }, (pages) =>
        patchLead(pages, saved.id, (lead) => ({ ...lead, status: saved.status })),
      );
      queryClient.setQueryData<LeadDetail>([...leadsQueryKey, "detail", saved.id], (detail) =>
        detail ? { ...detail, status: saved.status, note: saved.note } : detail,
      );
    },
  });
}

/** `DELETE lead/{id}/` (operation `eraseLead`): the lead's personal data, for good. */
export function useEraseLead() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(endpoints.eraseLead, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadsQueryKey }),
  });
}

/**
 * `POST leads/release/` (operation `releaseLeads`): opens the unopened leads matching the
 * filters for an export, oldest first, one request each while requests last.
 */
export function useReleaseLeads() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filters: LeadFilters) =>
      api.call(endpoints.releaseLeads, { body: filterQuery(filters) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...leadsQueryKey, "list"] }),
  });
}

/** `GET leads/over-rate/` (operation `getLeadOverRateSummary`): the notice's counts. */
export function useOverRateSummary() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...leadsQueryKey, "over-rate"],
    queryFn: ({ signal }) => api.call(endpoints.getLeadOverRateSummary, { signal }),
    refetchInterval: LEADS_POLL_MS,
  });
}

/**
 * `POST leads/let-through/` (operation `letLeadsThrough`): one held lead, or every held lead
 * of the account (no `lead`), goes to its deliveries.
 */
export function useLetLeadsThrough() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lead?: number) =>
      api.call(endpoints.letLeadsThrough, { body: lead === undefined ? {} : { lead } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadsQueryKey }),
  });
}

/** `GET leads/export/` (operation `exportLeads`) with the list's filters, saved as a file. */
export function useExportLeads() {
  const api = useApiClient();
  return useMutation({
    mutationFn: async ({ filters, format }: { filters: LeadFilters; format: "csv" | "xlsx" }) => {
      const file = await api.download(endpoints.exportLeads, {
        query: { ...filterQuery(filters), format },
      });
      const url = URL.createObjectURL(file);
      const link = document.createElement("a");
      link.href = url;
      link.download = `leads-${new Date().toISOString().slice(0, 10)}.${format}`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    },
  });
}

const retentionKey = [...leadsQueryKey, "retention"] as const;

/** `GET leads/retention/` (operation `getLeadRetention`): days, or null to keep leads. */
export function useLeadRetention(enabled = true) {
  const api = useApiClient();
  return useQuery({
    queryKey: retentionKey,
    queryFn: ({ signal }) => api.call(endpoints.getLeadRetention, { signal }),
    enabled,
  });
}

/** `PUT leads/retention/` (operation `setLeadRetention`). */
export function useSaveLeadRetention() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return (retention: LeadRetention) =>
    api.call(endpoints.setLeadRetention, { body: retention }).then((saved) => {
      queryClient.setQueryData(retentionKey, saved);
      return saved;
    });
}
