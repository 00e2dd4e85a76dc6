import { type LeadFilters, leadFlags, leadStatuses } from "@leadquiz/contract";
import { Button, Select, SimpleGrid, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useProjects } from "@/shared/api/projects-queries";

interface LeadFiltersBarProps {
  filters: LeadFilters;
  /** What the search box shows (the list follows it after a short pause). */
  search: string;
  onSearch: (search: string) => void;
  onChange: (filters: LeadFilters) => void;
}

/** Project, quiz, search, days, status and quality of the leads list. */
export function LeadFiltersBar({ filters, search, onSearch, onChange }: LeadFiltersBarProps) {
  const { t } = useTranslation();
  const projects = useProjects().data ?? [];
  const quizzes = projects
    .filter((p) => filters.project === undefined || p.id === filters.project)
    .flatMap((p) => p.quizzes);
  const set = (change: Partial<LeadFilters>) => {
    const next: LeadFilters = { ...filters, ...change };
    for (const key of Object.keys(next) as (keyof LeadFilters)[]) {
      if (next[key] === undefined || next[key] === "") delete next[key];
    }
    onChange(next);
  };
  const idOf = (value: string | null) => (value ? Number(value) : undefined);
  const filtered = Object.keys(filters).length > 0 || search !== "";

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" data-testid="lead-filters">
      <Select
        label={t("leads:filters.project")}
        data={[
          { value: "", label: t("leads:filters.allProjects") },
          ...projects.map((p) => ({ value: String(p.id), label: p.title })),
        ]}
        value={filters.project ? String(filters.project) : ""}
        onChange={(value) => set({ project: idOf(value), quiz: undefined })}
        allowDeselect={false}
        data-testid="filter-project"
      />
      <Select
        label={t("leads:filters.quiz")}
        data={[
          { value: "", label: t("leads:filters.allQuizzes") },
          ...quizzes.map((q) => ({ value: String(q.id), label: q.title })),
        ]}
        value={filters.quiz ? String(filters.quiz) : ""}
        onChange={(value) => set({ quiz: idOf(value) })}
        allowDeselect={false}
        data-testid="filter-quiz"
      />
      <TextInput
        label={t("leads:filters.search")}
        placeholder={t("leads:filters.searchPlaceholder")}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        type="search"
        data-testid="filter-search"
      />
      <Select
        label={t("leads:filters.status")}
        data={[
          { value: "", label: t("leads:filters.allStatuses") },
          ...leadStatuses.map((s) => ({ value: s, label: t(`leads:status.${s}`) })),
        ]}
        value={filters.status ?? ""}
        onChange={(value) => set({ status: (value || undefined) as LeadFilters["status"] })}
        allowDeselect={false}
        data-testid="filter-status"
      />
      <TextInput
        label={t("leads:filters.from")}
        type="date"
        value={filters.from ?? ""}
        max={filters.to}
        onChange={(event) => set({ from: event.currentTarget.value || undefined })}
        data-testid="filter-from"
      />
      <TextInput
        label={t("leads:filters.to")}
        type="date"
        value={filters.to ?? ""}
        min={filters.from}
        onChange={(event) => set({ to: event.currentTarget.value || undefined })}
        data-testid="filter-to"
      />
      <Select
        label={t("leads:filters.flag")}
        data={[
          { value: "", label: t("leads:filters.anyQuality") },
          ...leadFlags.map((f) => ({ value: f, label: t(`leads:flags.${f}`) })),
        ]}
        value={filters.flag ?? ""}
        onChange={(value) => set({ flag: (value || undefined) as LeadFilters["flag"] })}
        allowDeselect={false}
        data-testid="filter-flag"
      />
      <Select
        label={t("leads:filters.kind")}
        data={[
          { value: "", label: t("leads:filters.kindComplete") },
          { value: "partial", label: t("leads:filters.kindPartial") },
        ]}
        value={filters.kind ?? ""}
        onChange={(value) => set({ kind: value === "partial" ? "partial" : undefined })}
        allowDeselect={false}
        data-testid="filter-kind"
      />
      <Button
        variant="default"
        mt={{ base: 0, xs: 25 }}
        disabled={!filtered}
        onClick={() => {
          onSearch("");
          onChange({});
        }}
      >
        {t("leads:filters.reset")}
      </Button>
    </SimpleGrid>
  );
}
