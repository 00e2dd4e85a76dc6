import type { Quiz } from "@leadquiz/contract";
import { Anchor, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CopyTextButton } from "@/shared/ui/copy-text-button";

interface PublicLinkProps {
  quiz: Pick<Quiz, "is_published" | "public_url">;
  /** The heading above the link (already translated). */
  title: string;
  /** Names the link and its copy button for tests: `{prefix}-public-url`, `{prefix}-copy-link`. */
  testIdPrefix: string;
}

/**
 * The quiz's public address with a copy button, and a note while the quiz is not published
 * (the address only answers once it is). Shown by the top bar's Link and the publish modal.
 */
export function PublicLink({ quiz, title, testIdPrefix }: PublicLinkProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {!quiz.is_published && (
        <Text size="sm" c="dimmed">
          {t("dashboard:shell.linkNotPublished")}
        </Text>
      )}
      <Anchor
        href={quiz.public_url}
        target="_blank"
        rel="noopener"
        size="sm"
        style={{ overflowWrap: "anywhere" }}
        data-testid={`${testIdPrefix}-public-url`}
      >
        {quiz.public_url}
      </Anchor>
      <Group>
        <CopyTextButton text={quiz.public_url} data-testid={`${testIdPrefix}-copy-link`} />
      </Group>
    </Stack>
  );
}
