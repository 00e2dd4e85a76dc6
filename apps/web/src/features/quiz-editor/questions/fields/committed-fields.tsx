import { NumberInput, Textarea, TextInput } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "@/shared/api/api-error";
import type { WriteResult } from "../../state/editor-writes";
import { useCommittedValue } from "./use-committed-value";

/** The server's message for `field` of a refused write (400 field errors), if any. */
export function serverFieldError(result: WriteResult<unknown>, field: string): string | null {
  if (result.ok || !isApiError(result.error)) return null;
  const messages = result.error.fieldErrors?.[field];
  return messages?.join(" ") ?? result.error.detail ?? null;
}

/**
 * The validation message of a field: a client rule's i18n key (shown once the field has
 * been touched, docs/product.md "Validation rules") or the server's message of a refusal.
 */
function useFieldError(
  validate: ((value: string) => string | null) | undefined,
  draft: string,
  serverError: string | null,
) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState(false);
  const key = validate?.(draft) ?? null;
  const error: ReactNode = touched && key ? t(key) : serverError;
  return { error, touch: () => setTouched(true), invalid: key !== null };
}

interface CommittedTextProps {
  label: string;
  value: string;
  /** Writes the value; a refusal's message for `serverField` is shown under the field. */
  onCommit: (value: string) => Promise<WriteResult<unknown>>;
  serverField: string;
  maxLength: number;
  /** A client rule answering an i18n key, or null when the value is fine. */
  validate?: (value: string) => string | null;
  multiline?: boolean;
  description?: string;
  placeholder?: string;
  /** Focus the field when it appears (the title of a question just added). */
  autoFocus?: boolean;
  testId: string;
}

/**
 * A text field of the editor: written when left or after a pause in typing (one undo entry
 * per written change), its validation message shown under it once touched.
 */
export function CommittedTextField({
  label,
  value,
  onCommit,
  serverField,
  maxLength,
  validate,
  multiline = false,
  description,
  placeholder,
  autoFocus = false,
  testId,
}: CommittedTextProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const { draft, setDraft, flush } = useCommittedValue(
    value,
    (next: string) => {
      setServerError(null);
      void onCommit(next).then((result) => setServerError(serverFieldError(result, serverField)));
    },
    { isValid: (next) => (validate?.(next) ?? null) === null },
  );
  const { error, touch } = useFieldError(validate, draft, serverError);
  const props = {
    label,
    description,
    placeholder,
    value: draft,
    maxLength,
    error,
    autoFocus,
    "data-testid": testId,
    onChange: (event: { currentTarget: { value: string } }) => setDraft(event.currentTarget.value),
    onBlur: () => {
      touch();
      flush();
    },
  };
  return multiline ? (
    <Textarea autosize minRows={2} maxRows={8} {...props} />
  ) : (
    <TextInput {...props} />
  );
}

interface CommittedNumberProps {
  label: string;
  value: number | null;
  onCommit: (value: number) => Promise<WriteResult<unknown>>;
  serverField: string;
  /** Whole numbers only. */
  integer?: boolean;
  /** A client rule answering a translated message, or null when the value is fine. */
  validate?: (value: number) => string | null;
  testId: string;
}

/** A number field written when left or after a pause in typing; empty is not written. */
export function CommittedNumberField({
  label,
  value,
  onCommit,
  serverField,
  integer = false,
  validate,
  testId,
}: CommittedNumberProps) {
  const { t } = useTranslation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const { draft, setDraft, flush } = useCommittedValue<number | string>(
    value ?? "",
    (next) => {
      setServerError(null);
      void onCommit(Number(next)).then((result) =>
        setServerError(serverFieldError(result, serverField)),
      );
    },
    {
      isValid: (next) =>
        typeof next === "number" && Number.isFinite(next) && (validate?.(next) ?? null) === null,
    },
  );
  const ruleError =
    typeof draft === "number" ? (validate?.(draft) ?? null) : t("validation:required");
  const message = touched && ruleError ? ruleError : serverError;
  return (
    <NumberInput
      label={label}
      value={draft}
      onChange={setDraft}
      onBlur={() => {
        setTouched(true);
        flush();
      }}
      allowDecimal={!integer}
      clampBehavior="none"
      error={message}
      data-testid={testId}
    />
  );
}
