import { Alert, Button, Group, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/shared/api/error-message";
import { useApiClient } from "@/shared/api/services-context";
import { useCurrentUser } from "@/shared/api/user-queries";
import { resendVerification } from "../api/auth-api";

/**
 * "Verify your address" above every signed-in page while the account's e-mail is unproven
 * (docs/security.md), with "send the link again". The account works meanwhile.
 */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const api = useApiClient();
  const { data: user } = useCurrentUser();
  const resend = useMutation({ mutationFn: () => resendVerification(api) });

  if (!user || user.email_verified) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      mb="lg"
      // The theme's yellow title on the light yellow background is below WCAG AA contrast.
      styles={{ title: { color: "var(--mantine-color-dark-7)" } }}
      title={t("auth:verifyBanner.title")}
      data-testid="verify-email-banner"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dark.7" style={{ overflowWrap: "anywhere" }}>
          {t("auth:verifyBanner.text", { email: user.email })}
        </Text>
        {resend.isSuccess ? (
          <Text size="sm" role="status" fw={600} c="dark.7">
            {resend.data}
          </Text>
        ) : (
          <Button
            size="xs"
            variant="white"
            color="dark"
            loading={resend.isPending}
            onClick={() => resend.mutate()}
          >
            {t("auth:verifyBanner.resend")}
          </Button>
        )}
      </Group>
      {resend.isError && (
        <Text size="sm" c="red.9" role="alert" mt="xs">
          {errorMessage(resend.error, t)}
        </Text>
      )}
    </Alert>
  );
}
