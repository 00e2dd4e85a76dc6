import { Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ProfileLanguageSwitch } from "@/shared/i18n/profile-language-switch";

/** The interface language; the choice is saved as the profile's language_code. */
export function LanguageSetting() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <ProfileLanguageSwitch label={t("common:language.label")} w={240} notify />
      <Text size="sm" c="dimmed">
        {t("settings:language.hint")}
      </Text>
    </Stack>
  );
}
