import { Accordion, Code, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CopyTextButton } from "@/shared/ui/copy-text-button";

const platforms = ["html", "wordpress", "tilda", "wix", "gtm"] as const;

/** The snippet of one display mode, with its copy button (nothing while the mode is off). */
export function SnippetCard({
  snippet,
  mode,
  inline,
}: {
  snippet: string | null;
  mode: string;
  inline: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("publication:snippet.title")}
        </Title>
        {snippet ? (
          <>
            <Text size="sm" c="dimmed">
              {t(inline ? "publication:snippet.bodyHint" : "publication:snippet.hint")}
            </Text>
            <Code
              block
              aria-label={t("publication:snippet.code", { mode })}
              style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }}
              data-testid="config-snippet"
            >
              {snippet}
            </Code>
            <div>
              <CopyTextButton
                text={snippet}
                label={t("publication:snippet.copy")}
                data-testid="config-snippet-copy"
              />
            </div>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t("publication:snippet.off")}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Where to paste a snippet on the common site builders. */
export function InstallNotes() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("publication:install.title")}
        </Title>
        <Accordion variant="separated" data-testid="config-install">
          {platforms.map((platform) => (
            <Accordion.Item key={platform} value={platform}>
              <Accordion.Control>{t(`publication:install.${platform}.title`)}</Accordion.Control>
              <Accordion.Panel>
                <Text size="sm">{t(`publication:install.${platform}.text`)}</Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
    </Paper>
  );
}
