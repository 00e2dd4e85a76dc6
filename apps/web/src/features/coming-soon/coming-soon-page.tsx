import { Alert, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";

interface ComingSoonPageProps {
  /** i18n key of the section's title, e.g. "layout:nav.leads". */
  titleKey: string;
  /** i18n key of a sub-section (config-action's sub-menu). */
  subtitleKey?: string | undefined;
}

/** A section whose capability comes later: its title and "This section is being prepared". */
export function ComingSoonPage({ titleKey, subtitleKey }: ComingSoonPageProps) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(`${title} · Leadquiz`);
  return (
    <Stack gap="md" maw={720}>
      <Title order={2}>{title}</Title>
      {subtitleKey && (
        <Text c="dimmed" fw={500}>
          {t(subtitleKey)}
        </Text>
      )}
      <Alert
        variant="light"
        color="indigo"
        data-testid="coming-soon"
        title={t("common:comingSoon.title")}
      >
        {t("common:comingSoon.text")}
      </Alert>
    </Stack>
  );
}
