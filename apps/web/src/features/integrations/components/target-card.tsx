import { Card, Stack, Text, Title } from "@mantine/core";

/** A target's card: its name, what it does, then its records and connect form. */
export function TargetCard({
  title,
  description,
  children,
  testId,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder radius="md" p="lg" data-testid={testId}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}
