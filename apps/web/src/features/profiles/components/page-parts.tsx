import type { Profile } from "@leadquiz/contract";
import { Alert, Button, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/shared/api/error-message";
import { PageLoader } from "@/shared/ui/page-loader";
import { useProfile } from "../api/profile-api";

/** A read that failed: why, and a button to try again. */
export function LoadFailed({
  title,
  error,
  retry,
}: {
  title: string;
  error: unknown;
  retry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error, t)}</Text>
        <Button size="xs" variant="light" onClick={retry}>
          {t("common:actions.retry")}
        </Button>
      </Stack>
    </Alert>
  );
}

/** Renders `children` with the caller's profile once read (a loader before, a retry on failure). */
export function WithProfile({ children }: { children: (profile: Profile) => ReactNode }) {
  const { t } = useTranslation();
  const profile = useProfile();
  if (profile.isPending) return <PageLoader />;
  if (!profile.data) {
    return (
      <LoadFailed
        title={t("courses:profile.loadFailed")}
        error={profile.error}
        retry={() => void profile.refetch()}
      />
    );
  }
  return children(profile.data);
}
