import { Paper, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A titled card of a page (the sections of /settings and of the specialist profile). */
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
