import type { Quiz, QuizConfig } from "@leadquiz/contract";
import { Alert, Button, Loader, Paper, Stack, Switch, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { type ConfigActionSection, configActionSections } from "@/shared/routing/paths";
import { useEditorQuiz } from "../fields/use-editor-quiz";
import { AddressesCard } from "./addresses-card";
import { sectionOf } from "./config-defaults";
import { useQuizConfig } from "./config-queries";
import { EmbedPreview, samplePageUrl } from "./embed-preview";
import { sectionForms } from "./section-forms";
import { InstallNotes, SnippetCard } from "./snippet-card";
import { useConfigPatch } from "./use-config-patch";

type SnippetMode = "trigger" | "banner" | "popup" | "inline" | "chat";
const snippetOf: Record<Exclude<ConfigActionSection, "landing">, SnippetMode> = {
  trigger: "trigger",
  banner: "banner",
  popup: "popup",
  body: "inline",
  chat: "chat",
};

function sectionOfParam(value: string | null): ConfigActionSection {
  return configActionSections.find((section) => section === value) ?? "trigger";
}

/**
 * `/quiz/{id}/config-action?section=…`: publication setup, one display mode at a time
 * (the editor menu's sub-menu chooses it; the trigger when none is given). Each mode has
 * its settings, a live preview on a sample site, its snippet and installation notes; the
 * link/landing mode has the addresses instead (docs/editor.md "Publication setup").
 */
export function ConfigActionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const section = sectionOfParam(params.get("section"));
  const sectionName = t(`layout:editor.configAction.${section}`);
  useDocumentTitle(`${sectionName} · ${t("publication:title")} · Leadquiz`);
  const { quizId, quiz } = useEditorQuiz();
  const config = useQuizConfig(quizId);
  if (config.isError) {
    return (
      <Alert color="red" title={t("publication:loadFailed")}>
        <Button size="xs" mt="xs" onClick={() => void config.refetch()}>
          {t("publication:retry")}
        </Button>
      </Alert>
    );
  }
  if (!quiz || !config.data) return <Loader role="status" aria-label={t("publication:loading")} />;
  return <SectionView section={section} quiz={quiz} config={config.data} />;
}

function SectionView({
  section,
  quiz,
  config,
}: {
  section: ConfigActionSection;
  quiz: Quiz;
  config: QuizConfig;
}) {
  const { t, i18n } = useTranslation();
  const patch = useConfigPatch(config);
  const sectionName = t(`layout:editor.configAction.${section}`);
  const Form = sectionForms[section];
  const enabled = sectionOf(config, section).enabled;
  const landing = section === "landing";
  const snippet = landing ? null : (config.embed?.[snippetOf[section]] ?? null);
  const subdomain = config.landing.subdomain;
  // Both previews are pages of the visitor origin, where the server put the quiz's page
  // (docs/adr/0016-visitor-origin.md): the owner's tags never run on this app's origin.
  const visitorOrigin = new URL(quiz.public_url).origin;
  const previewSrc = landing
    ? subdomain && enabled
      ? `${visitorOrigin}/l/${encodeURIComponent(subdomain)}`
      : null
    : snippet &&
      samplePageUrl(snippet, i18n.language, t("publication:preview.siteButton"), visitorOrigin);
  return (
    <Stack gap="md" maw={880} data-testid="config-action-page" data-section={section}>
      <div>
        <Text size="sm" c="dimmed">
          {t("publication:title")}
        </Text>
        <Title order={1} size="h2">
          {sectionName}
        </Title>
        <Text mt={4}>{t(`publication:intro.${section}`)}</Text>
      </div>
      {!quiz.is_published && (
        <Alert color="yellow" data-testid="config-not-published">
          {t("publication:notPublished")}
        </Alert>
      )}
      {landing && <AddressesCard embed={config.embed} />}
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("publication:settings")}
          </Title>
          <Switch
            label={t(landing ? "publication:landingEnabled" : "publication:enabled")}
            description={t(landing ? "publication:landingEnabledHint" : "publication:enabledHint")}
            checked={enabled}
            onChange={(event) =>
              void patch(
                section,
                t(landing ? "publication:landingEnabled" : "publication:enabled"),
                {
                  enabled: event.currentTarget.checked,
                },
              )
            }
            data-testid="config-enabled"
          />
          <Form config={config} quizId={quiz.id} />
        </Stack>
      </Paper>
      {landing ? (
        <EmbedPreview
          src={previewSrc}
          title={t("publication:preview.frame", { mode: sectionName })}
          testId="config-preview"
          emptyText={t(enabled ? "publication:preview.noLanding" : "publication:preview.off")}
        />
      ) : (
        <>
          <SnippetCard snippet={snippet} mode={sectionName} inline={section === "body"} />
          <EmbedPreview
            src={previewSrc}
            title={t("publication:preview.frame", { mode: sectionName })}
            testId="config-preview"
            emptyText={t("publication:preview.off")}
          />
          <InstallNotes />
        </>
      )}
    </Stack>
  );
}
