import {
  type Analytics,
  endpoints,
  hiddenFieldNameSchema,
  type Quiz,
  quizCurrencies,
  quizLanguages,
} from "@leadquiz/contract";
import { Loader, Paper, Select, SimpleGrid, Stack, TagsInput, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { quizQueryKey } from "@/shared/api/quiz-queries";
import { CommittedTextInput } from "../fields/committed-text-input";
import { useEditorQuiz } from "../fields/use-editor-quiz";
import { usePatchEdit } from "../fields/use-patch-edit";
import { useQuizSectionPatch } from "../fields/use-quiz-patch";

type TopField = "title" | "language" | "currency";
type AnalyticsId = "gtm_id" | "ga_id" | "pixel_id" | "tiktok_id";
const analyticsIds: AnalyticsId[] = ["gtm_id", "ga_id", "pixel_id", "tiktok_id"];

/** `/quiz/{id}/settings`: title, visitors' language, currency, analytics, hidden fields. */
export function QuizSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("layout:editor.nav.settings")} · Leadquiz`);
  const { quiz } = useEditorQuiz();
  if (!quiz) return <Loader role="status" aria-label={t("design:loading")} />;
  return <QuizSettingsEditor quiz={quiz} />;
}

function QuizSettingsEditor({ quiz }: { quiz: Quiz }) {
  const { t } = useTranslation();
  const patchEdit = usePatchEdit();
  const patchSection = useQuizSectionPatch(quiz);
  const writeTop = <K extends TopField>(key: K, label: string, value: Quiz[K]) =>
    void patchEdit({
      label,
      record: { endpoint: endpoints.updateQuiz, id: quiz.id },
      place: { queryKey: quizQueryKey(quiz.id), kind: "record" },
      next: { [key]: value },
      previous: { [key]: quiz[key] },
    });
  const writeAnalytics = (label: string, next: Partial<Analytics>) =>
    void patchSection("analytics", label, next);
  return (
    <Stack gap="md" maw={880} data-testid="quiz-settings-page">
      <Title order={1} size="h2">
        {t("design:settings.title")}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <CommittedTextInput
            label={t("design:settings.quizTitle")}
            value={quiz.title}
            maxLength={500}
            validate={(text) => (text.trim() ? null : t("design:settings.titleRequired"))}
            onCommit={(title) => writeTop("title", t("design:settings.quizTitle"), title.trim())}
            data-testid="settings-title"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t("design:settings.language")}
              description={t("design:settings.languageHint")}
              data={quizLanguages.map((language) => ({
                value: String(language.id),
                label: language.name,
              }))}
              value={String(quiz.language)}
              allowDeselect={false}
              onChange={(value) =>
                value && writeTop("language", t("design:settings.language"), Number(value))
              }
              comboboxProps={{ withinPortal: true }}
              data-testid="settings-language"
            />
            <Select
              label={t("design:settings.currency")}
              description={t("design:settings.currencyHint")}
              data={quizCurrencies.map((currency) => ({
                value: String(currency.id),
                label: `${currency.code} (${currency.symbol})`,
              }))}
              value={String(quiz.currency)}
              allowDeselect={false}
              onChange={(value) =>
                value && writeTop("currency", t("design:settings.currency"), Number(value))
              }
              comboboxProps={{ withinPortal: true }}
              data-testid="settings-currency"
            />
          </SimpleGrid>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("design:analytics.title")}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {analyticsIds.map((key) => (
              <CommittedTextInput
                key={key}
                label={t(`design:analytics.${key}`)}
                description={t(`design:analytics.hints.${key}`)}
                value={quiz.analytics[key]}
                maxLength={64}
                onCommit={(text) =>
                  writeAnalytics(t(`design:analytics.${key}`), { [key]: text.trim() })
                }
                data-testid={`settings-${key}`}
              />
            ))}
          </SimpleGrid>
          <TagsInput
            label={t("design:analytics.hiddenFields")}
            description={t("design:analytics.hiddenFieldsHint")}
            value={quiz.analytics.hidden_fields}
            maxTags={50}
            onChange={(names) => {
              const valid = names.filter((name) => hiddenFieldNameSchema.safeParse(name).success);
              writeAnalytics(t("design:analytics.hiddenFields"), { hidden_fields: valid });
            }}
            data-testid="settings-hidden-fields"
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
