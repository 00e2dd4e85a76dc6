import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * The server's sample site for one snippet (apps/server public-pages, docs/editor.md), on
 * the visitor origin like the owners' sites it stands for.
 */
export const EMBED_SAMPLE_PAGE = "/q/-/embed-sample";

/**
 * The loader attributes of a snippet, read as the browser reads the pasted HTML. The
 * frequency cap is left out: the preview should open every time it is shown.
 */
export function snippetAttributes(snippet: string): [string, string][] {
  const document = new DOMParser().parseFromString(snippet, "text/html");
  const element = document.querySelector("[data-leadquiz]");
  if (!element) return [];
  return [...element.attributes]
    .filter(({ name }) => name.startsWith("data-") && name !== "data-frequency")
    .map(({ name, value }) => [name, value]);
}

/** The sample site showing `snippet` on the visitor origin `origin`. */
export function samplePageUrl(
  snippet: string,
  language: string,
  buttonLabel: string,
  origin: string,
): string {
  const query = new URLSearchParams(snippetAttributes(snippet));
  query.set("lang", language);
  query.set("button", buttonLabel);
  return `${origin}${EMBED_SAMPLE_PAGE}?${query}`;
}

/**
 * A live preview: the real `/embed.js` with this snippet on a sample site, in a sandboxed
 * frame (scripts and the quiz's own origin allowed, no navigation of the editor). It shows
 * the snippet the server answered last, so it follows every written change.
 */
export function EmbedPreview({
  src,
  title,
  testId,
  emptyText,
}: {
  src: string | null;
  title: string;
  testId: string;
  /** What shows instead of the frame when there is nothing to show. */
  emptyText: string;
}) {
  const { t } = useTranslation();
  const [round, setRound] = useState(0);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {t("publication:preview.title")}
          </Title>
          {src && (
            <Button size="xs" variant="light" onClick={() => setRound((value) => value + 1)}>
              {t("publication:preview.reload")}
            </Button>
          )}
        </Group>
        {src ? (
          <>
            <Text size="sm" c="dimmed">
              {t("publication:preview.hint")}
            </Text>
            <iframe
              key={`${round}:${src}`}
              title={title}
              src={src}
              sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
              loading="lazy"
              style={{
                width: "100%",
                height: 520,
                border: "1px solid var(--mantine-color-default-border)",
                borderRadius: 8,
                background: "#fff",
              }}
              data-testid={testId}
            />
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
