import {
  type CredentialTargetName,
  type OAuthProviderName,
  targetDescriptor,
} from "@leadquiz/contract";
import { Group, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { DialogModal } from "@/shared/ui/dialog-modal";
import type { TargetName } from "../catalog";
import { CredentialCard } from "./credential-card";
import { EmailCard } from "./email-card";
import { OAuthCard } from "./oauth-card";
import { TargetLogo } from "./target-logo";
import { TelegramCard } from "./telegram-card";
import { WebhookCard } from "./webhook-card";

/**
 * A target's panel, by how it connects (packages/contract `integrationTargets`): its connect
 * form, or its connections with their settings.
 */
function TargetPanel({ quizId, target }: { quizId: number; target: TargetName }) {
  switch (targetDescriptor(target).connect.kind) {
    case "email":
      return <EmailCard quizId={quizId} />;
    case "webhook":
      return <WebhookCard quizId={quizId} />;
    case "bot":
      return <TelegramCard quizId={quizId} />;
    case "oauth":
      return <OAuthCard quizId={quizId} provider={target as OAuthProviderName} />;
    case "credentials":
      return <CredentialCard quizId={quizId} target={target as CredentialTargetName} />;
    default:
      return null;
  }
}

/** The dialog of one target (full screen on a phone), opened from the gallery or a row. */
export function TargetDialog({
  quizId,
  target,
  opened,
  onClose,
}: {
  quizId: number;
  target: TargetName | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery("(max-width: 36em)", false, { getInitialValueInEffect: false });
  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      size="lg"
      fullScreen={phone}
      title={
        target && (
          <Group gap="sm" wrap="nowrap">
            <TargetLogo target={target} size={32} />
            <Text component="span" fw={600} size="lg">
              {t(`integrations:targets.${target}`)}
            </Text>
          </Group>
        )
      }
    >
      {target && <TargetPanel quizId={quizId} target={target} />}
    </DialogModal>
  );
}
