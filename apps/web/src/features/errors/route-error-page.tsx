import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Shown when a page fails to load or render (e.g. a new version was deployed meanwhile). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" role="alert">
        <Title order={2}>{t("common:routeError.title")}</Title>
        <Text>{t("common:routeError.text")}</Text>
        <Button onClick={() => window.location.reload()}>{t("common:routeError.reload")}</Button>
      </Stack>
    </Center>
  );
}
