import { Button, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/shared/api/error-message";
import { useApiClient, useSessionStore } from "@/shared/api/services-context";
import { ConfirmDialog } from "@/shared/ui/confirm-dialog";
import { logoutEverywhere } from "../api/settings-api";

/**
 * "Sign out everywhere" (POST logout/all/, docs/api.md "Accounts"): after a confirmation,
 * every session of the account ends at once, on every device, this one too; the route
 * guard then opens the sign-in page.
 */
export function SessionsSection() {
  const { t } = useTranslation();
  const api = useApiClient();
  const session = useSessionStore();
  const [confirming, setConfirming] = useState(false);
  const signOut = useMutation({
    mutationFn: () => logoutEverywhere(api),
    onSuccess: () => {
      setConfirming(false);
      notifications.show({ color: "green", message: t("settings:sessions.done") });
      session.clear();
    },
    onError: (error) => notifications.show({ color: "red", message: errorMessage(error, t) }),
  });

  return (
    <Stack gap="sm">
      <Text size="sm">{t("settings:sessions.hint")}</Text>
      <Group>
        <Button
          variant="light"
          color="red"
          onClick={() => setConfirming(true)}
          data-testid="sign-out-everywhere"
        >
          {t("settings:sessions.signOutEverywhere")}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t("settings:sessions.confirmTitle")}
        message={t("settings:sessions.confirmMessage")}
        confirmLabel={t("settings:sessions.signOutEverywhere")}
        danger
        loading={signOut.isPending}
        onConfirm={() => signOut.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
