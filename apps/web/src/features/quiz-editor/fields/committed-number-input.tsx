import { NumberInput, type NumberInputProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useCommittedText } from "./use-committed-text";

type Props = Omit<NumberInputProps, "value" | "onChange" | "onBlur" | "error"> & {
  /** The stored number; null shows an empty field. */
  value: number | null;
  /** Writes a changed number (null when emptied, if `allowEmpty`). */
  onCommit: (next: number | null, previous: number | null) => void;
  allowEmpty?: boolean;
  /** A translated message for a number that cannot be written, or null. */
  check?: (value: number | null) => string | null;
};

const parse = (text: string): number | null => (text.trim() === "" ? null : Number(text));

/** A number field of the editor, written on blur or after a pause (useCommittedText). */
export function CommittedNumberInput({
  value,
  onCommit,
  allowEmpty = false,
  check,
  ...props
}: Props) {
  const { t } = useTranslation();
  const field = useCommittedText({
    value: value === null ? "" : String(value),
    onCommit: (next, previous) => onCommit(parse(next), parse(previous)),
    validate: (text) => {
      const parsed = parse(text);
      if (parsed === null) return allowEmpty ? (check?.(null) ?? null) : t("validation:required");
      if (!Number.isFinite(parsed)) return t("validation:invalid_number");
      return check?.(parsed) ?? null;
    },
  });
  return (
    <NumberInput
      decimalSeparator="."
      {...props}
      value={field.value}
      error={field.error}
      aria-invalid={field["aria-invalid"]}
      onBlur={field.onBlur}
      onChange={(next) => field.onChange({ currentTarget: { value: String(next) } })}
    />
  );
}
