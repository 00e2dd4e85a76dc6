import { apiPaths, userSchema } from "@leadquiz/contract";
import type { InterfaceLanguageCode } from "@leadquiz/i18n";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/api-error";
import { errorMessage } from "../api/error-message";
import { useApiClient } from "../api/services-context";
import { useCurrentUser, userQueryKey } from "../api/user-queries";
import { LanguageSwitch, type LanguageSwitchProps } from "./language-switch";
import { clearPendingLanguage, markPendingLanguage } from "./pending-profile-language";

interface ProfileLanguageSwitchProps extends Omit<LanguageSwitchProps, "onLanguageChange"> {
  /** Confirm the saved language with a notification (the settings page does). */
  notify?: boolean;
}

/**
 * Saves a language the user chose to the profile (PATCH userinfo/{id}/), marked as pending
 * in this browser until the server answers the save (pending-profile-language.ts): a reload
 * in between keeps the choice and sends the save again (ProfileLanguageSync).
 */
export function useSaveProfileLanguage({ notify = false }: { notify?: boolean } = {}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ id, language }: { id: number; language: InterfaceLanguageCode }) => {
      markPendingLanguage(id, language);
      return api.patch(
        apiPaths.userinfoById(id),
        { language_code: language },
        { schema: userSchema },
      );
    },
    onSuccess: (saved) => {
      clearPendingLanguage(saved.id, saved.language_code);
      queryClient.setQueryData(userQueryKey, saved);
      if (notify) notifications.show({ color: "green", message: t("settings:language.saved") });
    },
    onError: (error, { id }) => {
      // Refused by the server: the choice is dropped. Not answered (offline, or the page
      // going away cut the call off, which rejects it during the reload): it stays marked,
      // and the next load sends it again.
      if (error instanceof ApiError && error.status !== 0) clearPendingLanguage(id);
      notifications.show({ color: "red", message: errorMessage(error, t) });
    },
  });
  return mutation;
}

/**
 * The language switch of a signed-in user: the profile's language_code comes first in the
 * language order, so a choice is also saved there — otherwise the next visit would switch
 * back.
 */
export function ProfileLanguageSwitch({ notify = false, ...props }: ProfileLanguageSwitchProps) {
  const { mutate: save } = useSaveProfileLanguage({ notify });
  const { data: user } = useCurrentUser();
  return (
    <LanguageSwitch
      {...props}
      onLanguageChange={(language) => {
        if (!user) return;
        if (user.language_code !== language) save({ id: user.id, language });
        // Back to the profile's own: an earlier choice still marked is not to be saved.
        else clearPendingLanguage(user.id);
      }}
    />
  );
}
