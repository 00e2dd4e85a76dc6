import type { Quiz } from "@leadquiz/contract";
import { embedSnippetScript } from "@leadquiz/contract/embed-snippet";
import { Code, Group, List, Modal, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CopyTextButton } from "@/shared/ui/copy-text-button";
import { useMountOnOpen } from "@/shared/ui/mount-on-open";

/**
 * The inline embed snippet of docs/embed.md for this quiz, loading embed.js from `origin`:
 * the visitor origin, where the server put the quiz's page (docs/adr/0016-visitor-origin.md).
 */
export function embedSnippet(publicKey: string, origin: string): string {
  return (
    `<div data-leadquiz="${publicKey}" data-mode="inline"></div>\n` +
    embedSnippetScript(`${origin}/embed.js`)
  );
}

interface UsageInstructionsProps {
  opened: boolean;
  onClose: () => void;
  quiz: Quiz;
}

/** How to share a quiz: publish, then the link, the embed code, or a popup/banner/chat. */
export function UsageInstructions({ opened, onClose, quiz }: UsageInstructionsProps) {
  // Mounted when first opened: the editor's footer does not render it with every opening.
  const modal = useMountOnOpen(opened);
  if (!modal.mounted) return null;
  return <InstructionsDialog quiz={quiz} opened={modal.opened} onClose={onClose} />;
}

function InstructionsDialog({ opened, onClose, quiz }: UsageInstructionsProps) {
  const { t } = useTranslation();
  const snippet = embedSnippet(quiz.public_key, new URL(quiz.public_url).origin);
  const k = (key: string) => t(`dashboard:shell.instructions.${key}`);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={k("title")}
      size="lg"
      centered
      data-testid="usage-instructions"
    >
      <Stack gap="sm">
        <Text>{k("intro")}</Text>
        <List type="ordered" spacing="sm">
          <List.Item>
            <Title order={3} fz="md">
              {k("linkTitle")}
            </Title>
            <Text size="sm">{k("link")}</Text>
          </List.Item>
          <List.Item>
            <Title order={3} fz="md">
              {k("embedTitle")}
            </Title>
            <Text size="sm">{k("embed")}</Text>
            <Code
              block
              my="xs"
              style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
              data-testid="embed-snippet"
            >
              {snippet}
            </Code>
            <Group>
              <CopyTextButton text={snippet} label={k("copyCode")} />
            </Group>
          </List.Item>
          <List.Item>
            <Title order={3} fz="md">
              {k("popupTitle")}
            </Title>
            <Text size="sm">{k("popup")}</Text>
          </List.Item>
        </List>
        <Text size="sm" c="dimmed">
          {k("after")}
        </Text>
      </Stack>
    </Modal>
  );
}
