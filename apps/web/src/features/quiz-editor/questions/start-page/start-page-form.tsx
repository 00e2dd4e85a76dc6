import {
  DESCRIPTION_MAX_LENGTH,
  endpoints,
  type Quiz,
  SHORT_TEXT_MAX_LENGTH,
  type StartPage,
  TITLE_MAX_LENGTH,
} from "@leadquiz/contract";
import { Paper, Stack, Switch, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { quizQueryKey } from "@/shared/api/quiz-queries";
import { useApiClient } from "@/shared/api/services-context";
import { MediaField } from "../../media/media-field";
import { mediaTargets } from "../../media/media-target";
import { cacheUpdate, useEditorWrites } from "../../state/editor-writes";
import { CommittedTextField } from "../fields/committed-fields";

type StartPageFields = Omit<StartPage, "media">;

/** Writes keys of `quiz.start_page` (a merge patch of `PATCH quiz/{id}/`, updateQuiz); undoable. */
function useStartPageWrite(quiz: Quiz) {
  const api = useApiClient();
  const writes = useEditorWrites();
  return (patch: Partial<StartPageFields>, label: string) => {
    const old: Partial<StartPageFields> = {};
    for (const key of Object.keys(patch) as (keyof StartPageFields)[]) {
      Object.assign(old, { [key]: quiz.start_page[key] });
    }
    const request = (values: Partial<StartPageFields>) => ({
      send: () =>
        api.call(endpoints.updateQuiz, { params: { id: quiz.id }, body: { start_page: values } }),
      optimistic: [
        cacheUpdate<Quiz>(quizQueryKey(quiz.id), (current) => ({
          ...current,
          start_page: { ...current.start_page, ...values },
        })),
      ],
    });
    return writes.writeEdit({ label, apply: request(patch), revert: request(old) });
  };
}

/** The start page: shown or not, its texts, button, company and legal notice. */
export function StartPageForm({ quiz }: { quiz: Quiz }) {
  const { t } = useTranslation();
  const write = useStartPageWrite(quiz);
  const page = quiz.start_page;
  const text = (
    key: "title" | "description" | "button_text" | "company_name" | "legal_text",
    maxLength: number,
    multiline = false,
  ) => (
    <CommittedTextField
      label={t(`questions:start.${key}`)}
      value={page[key]}
      maxLength={maxLength}
      multiline={multiline}
      serverField={`start_page.${key}`}
      testId={`start-${key}`}
      onCommit={(value) => write({ [key]: value }, t(`questions:start.${key}`))}
    />
  );
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">
            {t("questions:start.heading")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("questions:start.intro")}
          </Text>
        </div>
        <Switch
          label={t("questions:start.enabled")}
          checked={page.enabled}
          data-testid="start-enabled"
          onChange={(event) =>
            void write({ enabled: event.currentTarget.checked }, t("questions:start.enabled"))
          }
        />
        {text("title", TITLE_MAX_LENGTH)}
        {text("description", DESCRIPTION_MAX_LENGTH, true)}
        {text("button_text", SHORT_TEXT_MAX_LENGTH)}
        {text("company_name", SHORT_TEXT_MAX_LENGTH)}
        {text("legal_text", DESCRIPTION_MAX_LENGTH, true)}
        <MediaField
          label={t("questions:start.media")}
          value={page.media}
          target={mediaTargets.startPageMedia(quiz.id)}
          quizId={quiz.id}
          refresh={[quizQueryKey(quiz.id)]}
          removeOptimistic={[
            cacheUpdate<Quiz>(quizQueryKey(quiz.id), (current) => ({
              ...current,
              start_page: { ...current.start_page, media: null },
            })),
          ]}
        />
      </Stack>
    </Paper>
  );
}
