import { Stack, Text } from "@mantine/core";

/** A target's panel (in its dialog): what it does, then its records and connect form. */
export function TargetCard({
  description,
  children,
  testId,
}: {
  description: string;
  children: React.ReactNode;
  testId: string;
}) {
  return (
    <Stack gap="sm" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
      {children}
    </Stack>
  );
}
