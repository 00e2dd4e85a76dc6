import {
  type CredentialTargetName,
  credentialTargetNames,
  type OAuthProviderName,
  oauthProviders,
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

const isCredential = (target: TargetName): target is CredentialTargetName =>
  (credentialTargetNames as readonly string[]).includes(target);
const isOAuth = (target: TargetName): target is OAuthProviderName =>
  (oauthProviders as readonly string[]).includes(target);

/** A target's panel: its connect form, or its connections with their settings. */
function TargetPanel({ quizId, target }: { quizId: number; target: TargetName }) {
  if (target === "email") return <EmailCard quizId={quizId} />;
  if (target === "webhook") return <WebhookCard quizId={quizId} />;
  if (target === "telegram") return <TelegramCard quizId={quizId} />;
  if (isOAuth(target)) {
    return <OAuthCard quizId={quizId} provider={target} />;
  }
  if (isCredential(target)) {
    return <CredentialCard quizId={quizId} target={target} />;
  }
  return null;
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
