import { Alert, Button, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/shared/api/error-message";

/** A titled card of a page (the look of /settings and /support). */
export function Section({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-label={title}
      data-testid={testId}
    >
      <Title order={3} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** A read that failed: why, and a button to try again. */
export function LoadFailed({
  title,
  error,
  retry,
}: {
  title: string;
  error: unknown;
  retry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error, t)}</Text>
        <Button size="xs" variant="light" onClick={retry}>
          {t("common:actions.retry")}
        </Button>
      </Stack>
    </Alert>
  );
}
