import { apiAddress, endpoints, fillPath } from "@leadquiz/contract";
import { Button, Divider, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useApiClient } from "@/shared/api/services-context";
import { currentLanguage } from "@/shared/i18n/i18n";
import { authProvidersQueryOptions } from "../api/auth-queries";

/** Buttons of the social sign-in providers; nothing when the server offers none. */
export function SocialSignIn({ redirectUrl }: { redirectUrl: string }) {
  const { t, i18n } = useTranslation();
  const api = useApiClient();
  const { data: providers } = useQuery(authProvidersQueryOptions(api));
  if (!providers || providers.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="social-sign-in">
      <Divider label={t("auth:login.or")} labelPosition="center" />
      {providers.map((provider) => (
        <Button
          key={provider.id}
          component="a"
          variant="default"
          fullWidth
          href={`${apiAddress(fillPath(endpoints.startSocialSignIn.path, { provider: provider.id }))}?${new URLSearchParams({ redirectUrl, language: currentLanguage(i18n) })}`}
          data-testid={`social-sign-in-${provider.id}`}
        >
          {t("auth:login.continueWith", { name: provider.name })}
        </Button>
      ))}
    </Stack>
  );
}
