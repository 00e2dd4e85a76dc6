import type { EmbedSnippets } from "@leadquiz/contract";
import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CopyTextButton } from "@/shared/ui/copy-text-button";

function Address({
  label,
  hint,
  url,
  testId,
}: {
  label: string;
  hint?: string;
  url: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
      <Group gap="xs" wrap="wrap">
        <Code url={url} testId={testId} />
        <CopyTextButton text={url} label={t("publication:addresses.copy")} />
        <Anchor href={url} target="_blank" rel="noopener" size="sm" data-testid={`${testId}-open`}>
          {t("publication:addresses.open")}
        </Anchor>
      </Group>
    </Stack>
  );
}

function Code({ url, testId }: { url: string; testId: string }) {
  return (
    <Text size="sm" ff="monospace" style={{ wordBreak: "break-all" }} data-testid={testId}>
      {url}
    </Text>
  );
}

/** The quiz's own link and the landing's address, each with copy and open. */
export function AddressesCard({ embed }: { embed: EmbedSnippets | undefined }) {
  const { t } = useTranslation();
  if (!embed) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t("publication:addresses.title")}
        </Title>
        <Address
          label={t("publication:addresses.link")}
          hint={t("publication:addresses.linkHint")}
          url={embed.link}
          testId="config-link"
        />
        {embed.landing_url ? (
          <Address
            label={t("publication:addresses.landing")}
            url={embed.landing_url}
            testId="config-landing-url"
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t("publication:addresses.noSubdomain")}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
