import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** "120 / 2000" under a long text field; red once the text is over `max` (trimmed). */
export function LengthCounter({ value, max }: { value: string; max: number }) {
  const { t } = useTranslation();
  const length = value.trim().length;
  return (
    <Text size="xs" c={length > max ? "red.8" : "dimmed"} ta="right" aria-hidden>
      {t("support:support.counter", { count: length, max })}
    </Text>
  );
}

/** A form rule: `validation:too_long` for a text longer than `max` once trimmed. */
export const maxLengthRule = (max: number) => (value: string) =>
  value.trim().length > max ? "validation:too_long" : null;
