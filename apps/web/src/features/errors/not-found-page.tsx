import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/shared/routing/paths";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1}>404</Title>
        <Text>{t("common:notFound.text")}</Text>
        <Button component={Link} to={paths.home()}>
          {t("common:notFound.home")}
        </Button>
      </Stack>
    </Center>
  );
}
