import { apiPaths, userSchema } from "@leadquiz/contract";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../api/error-message";
import { useApiClient } from "../api/services-context";
import { useCurrentUser, userQueryKey } from "../api/user-queries";
import { LanguageSwitch, type LanguageSwitchProps } from "./language-switch";

interface ProfileLanguageSwitchProps extends Omit<LanguageSwitchProps, "onLanguageChange"> {
  /** Confirm the saved language with a notification (the settings page does). */
  notify?: boolean;
}

/**
 * The language switch of a signed-in user: the profile's language_code comes first in the
 * language order, so a choice is also saved there (PATCH userinfo/{id}/) — otherwise the
 * next visit would switch back.
 */
export function ProfileLanguageSwitch({ notify = false, ...props }: ProfileLanguageSwitchProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const mutation = useMutation({
    mutationFn: ({ id, language }: { id: number; language: string }) =>
      api.patch(apiPaths.userinfoById(id), { language_code: language }, { schema: userSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(userQueryKey, saved);
      if (notify) notifications.show({ color: "green", message: t("settings:language.saved") });
    },
    onError: (error) => notifications.show({ color: "red", message: errorMessage(error, t) }),
  });
  return (
    <LanguageSwitch
      {...props}
      onLanguageChange={(language) => {
        if (user && user.language_code !== language) mutation.mutate({ id: user.id, language });
      }}
    />
  );
}
