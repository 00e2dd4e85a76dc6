import { Box, Center, Group, Paper, Stack, Text } from "@mantine/core";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { LanguageSwitch } from "@/shared/i18n/language-switch";
import { PageLoader } from "@/shared/ui/page-loader";
import { Brand } from "./brand";

/** The frame of the public auth pages: brand, language switch and a centred card. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="gray.0">
      <Group justify="space-between" p="md" component="header">
        <Brand />
        <LanguageSwitch />
      </Group>
      <Center px="md" pb="xl" component="main">
        <Stack w="100%" maw={440} gap="xs">
          <Paper withBorder shadow="sm" radius="md" p="xl">
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </Paper>
          <Text size="xs" c="dimmed" ta="center">
            {t("common:tagline")}
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
