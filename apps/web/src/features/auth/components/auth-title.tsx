import { Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";

/** The heading of an auth card (and the document title). */
export function AuthTitle({ title, subtitle }: { title: string; subtitle?: string | undefined }) {
  useDocumentTitle(`${title} · Leadquiz`);
  return (
    <Stack gap={4} mb="lg">
      <Title order={2}>{title}</Title>
      {subtitle && (
        <Text c="dimmed" size="sm">
          {subtitle}
        </Text>
      )}
    </Stack>
  );
}
