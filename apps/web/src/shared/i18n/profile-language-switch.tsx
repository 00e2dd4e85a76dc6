import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../api/error-message";
import { useCurrentUser } from "../api/user-queries";
import { LanguageSwitch, type LanguageSwitchProps } from "./language-switch";
import { clearPendingLanguage } from "./pending-profile-language";
import { useSaveProfileLanguage } from "./save-profile-language";

interface ProfileLanguageSwitchProps extends Omit<LanguageSwitchProps, "onLanguageChange"> {
  /** Confirm the saved language with a notification (the settings page does). */
  notify?: boolean;
}

/**
 * The language switch of a signed-in user: the profile's language_code comes first in the
 * language order, so a choice is also saved there — otherwise the next visit would switch
 * back.
 */
export function ProfileLanguageSwitch({ notify = false, ...props }: ProfileLanguageSwitchProps) {
  const { t } = useTranslation();
  const { mutate: save } = useSaveProfileLanguage({
    onSaved: () => {
      if (notify) notifications.show({ color: "green", message: t("settings:language.saved") });
    },
    onFailed: (error) => notifications.show({ color: "red", message: errorMessage(error, t) }),
  });
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
