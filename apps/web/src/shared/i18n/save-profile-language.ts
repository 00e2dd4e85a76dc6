import { endpoints } from "@leadquiz/contract";
import type { InterfaceLanguageCode } from "@leadquiz/i18n";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../api/api-error";
import { useApiClient } from "../api/services-context";
import { userQueryKey } from "../api/user-queries";
import { clearPendingLanguage, markPendingLanguage } from "./pending-profile-language";

/**
 * Saves a language the user chose to the profile (PATCH userinfo/{id}/), marked as pending
 * in this browser until the server answers the save (pending-profile-language.ts): a reload
 * in between keeps the choice and sends the save again (ProfileLanguageSync). No Mantine
 * here: the guards use it, and they load with the app's first script (the switch adds its
 * notifications through `onSaved` and `onFailed`).
 */
export function useSaveProfileLanguage(
  options: { onSaved?: () => void; onFailed?: (error: unknown) => void } = {},
) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, language }: { id: number; language: InterfaceLanguageCode }) => {
      markPendingLanguage(id, language);
      return api.call(endpoints.updateUserInfo, {
        params: { id },
        body: { language_code: language },
      });
    },
    onSuccess: (saved) => {
      clearPendingLanguage(saved.id, saved.language_code);
      queryClient.setQueryData(userQueryKey, saved);
      options.onSaved?.();
    },
    onError: (error, { id }) => {
      // Refused by the server: the choice is dropped. Not answered (offline, or the page
      // going away cut the call off, which rejects it during the reload): it stays marked,
      // and the next load sends it again.
      if (error instanceof ApiError && error.status !== 0) clearPendingLanguage(id);
      options.onFailed?.(error);
    },
  });
}
