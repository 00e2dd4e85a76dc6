import { type TemplateSummary, templateLanguages } from "@leadquiz/contract";
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue, useDocumentTitle } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { errorMessage } from "@/shared/api/error-message";
import { useProjects } from "@/shared/api/projects-queries";
import { useCurrentUser } from "@/shared/api/user-queries";
import { paths } from "@/shared/routing/paths";
import { PageLoader } from "@/shared/ui/page-loader";
import {
  type TemplateFilters,
  useCopyTemplate,
  useTemplateOptions,
  useTemplates,
} from "../api/templates-api";
import { PreviewModal } from "../components/preview-modal";
import { TemplateCard } from "../components/template-card";

/** The account's language when the catalogue has it, else English. */
function defaultLanguage(code: string | undefined): string {
  return (templateLanguages as readonly string[]).includes(code ?? "") ? (code as string) : "en";
}

/** A filter of the gallery: "All" when cleared. */
function FilterSelect({
  name,
  value,
  onChange,
  options,
}: {
  name: "type" | "theme" | "language";
  value: string | null;
  onChange: (value: string | null) => void;
  options: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t(`templates:gallery.${name}`)}
      placeholder={t("templates:gallery.all")}
      clearable
      value={value}
      onChange={onChange}
      data={options}
      data-testid={`templates-${name}`}
    />
  );
}

/** The gallery once the account is known (its language is the default filter). */
function Gallery({ accountLanguage }: { accountLanguage: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { projectId } = useParams();
  const projects = useProjects();
  const types = useTemplateOptions("type");
  const themes = useTemplateOptions("theme");
  const [type, setType] = useState<string | null>(null);
  const [theme, setTheme] = useState<string | null>(null);
  const [language, setLanguage] = useState<string | null>(accountLanguage);
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [previewed, setPreviewed] = useState<TemplateSummary | null>(null);
  const filters = {
    type: type ?? undefined,
    theme: theme ?? undefined,
    language: language ?? undefined,
    search: debouncedSearch || undefined,
  } as TemplateFilters;
  const templates = useTemplates(filters);
  const copy = useCopyTemplate();

  // The project of the address when it is the account's; else its first project.
  const list = projects.data ?? [];
  const project = list.find((p) => String(p.id) === projectId) ?? list[0];
  const filtered = type !== null || theme !== null || language !== null || search !== "";
  const clear = () => {
    setType(null);
    setTheme(null);
    setLanguage(null);
    setSearch("");
  };
  const use = (template: TemplateSummary) => {
    if (!project) return;
    copy.mutate(
      { template: template.id, project: project.id },
      { onSuccess: (quiz) => navigate(paths.quiz(quiz.id)) },
    );
  };
  const typeTitle = (id: string) => types.data?.find((option) => option.id === id)?.title ?? id;
  const entries = templates.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to={paths.home()} size="sm">
          {t("templates:gallery.back")}
        </Anchor>
        <Title order={2}>{t("templates:gallery.title")}</Title>
        <Text c="dimmed" maw={760}>
          {t("templates:gallery.intro")}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="md" component="search">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <TextInput
            label={t("templates:gallery.search")}
            placeholder={t("templates:gallery.searchPlaceholder")}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            data-testid="templates-search"
          />
          <FilterSelect
            name="type"
            value={type}
            onChange={setType}
            options={(types.data ?? []).map((option) => ({
              value: option.id,
              label: option.title,
            }))}
          />
          <FilterSelect
            name="theme"
            value={theme}
            onChange={setTheme}
            options={(themes.data ?? []).map((option) => ({
              value: option.id,
              label: option.title,
            }))}
          />
          <FilterSelect
            name="language"
            value={language}
            onChange={setLanguage}
            options={templateLanguages.map((code) => ({
              value: code,
              label: t(`templates:language.${code}`),
            }))}
          />
        </SimpleGrid>
      </Paper>
      {copy.isError ? (
        <Alert color="red" variant="light" role="alert" title={t("templates:gallery.copyFailed")}>
          {errorMessage(copy.error, t)}
        </Alert>
      ) : null}
      {templates.isPending ? (
        <Center h={240} role="status" aria-label={t("templates:gallery.loading")}>
          <Loader />
        </Center>
      ) : templates.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(templates.error, t)}
        </Alert>
      ) : entries.length === 0 ? (
        <Paper withBorder radius="md" p="xl" data-testid="templates-empty">
          <Stack align="center" gap="sm">
            <Title order={3} size="h4" ta="center">
              {t("templates:gallery.emptyTitle")}
            </Title>
            <Text c="dimmed" ta="center" maw={480}>
              {t("templates:gallery.emptyBody")}
            </Text>
            {filtered ? (
              <Button variant="light" onClick={clear} data-testid="templates-clear">
                {t("templates:gallery.clearFilters")}
              </Button>
            ) : null}
          </Stack>
        </Paper>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {entries.map((template) => (
              <TemplateCard
                key={template.id}
                template={template}
                typeTitle={typeTitle(template.type)}
                onPreview={() => setPreviewed(template)}
                onUse={() => use(template)}
                using={copy.isPending && copy.variables?.template === template.id}
                canUse={project !== undefined && !copy.isPending}
              />
            ))}
          </SimpleGrid>
          {templates.hasNextPage ? (
            <Group justify="center">
              <Button
                variant="default"
                onClick={() => templates.fetchNextPage()}
                loading={templates.isFetchingNextPage}
              >
                {t("templates:gallery.more")}
              </Button>
            </Group>
          ) : null}
        </>
      )}
      <PreviewModal
        template={previewed}
        onClose={() => setPreviewed(null)}
        onUse={use}
        using={copy.isPending}
        canUse={project !== undefined && !copy.isPending}
      />
    </Stack>
  );
}

/** /templates/{projectId}: the template gallery; "use" copies into the project. */
export function TemplatesPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("templates:gallery.title")} · Leadquiz`);
  const { data: user, isPending } = useCurrentUser();
  if (isPending || !user) return <PageLoader />;
  return <Gallery accountLanguage={defaultLanguage(user.language_code)} />;
}
