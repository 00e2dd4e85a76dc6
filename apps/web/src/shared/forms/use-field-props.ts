import { namespaces } from "@leadquiz/i18n";
import type { UseFormReturnType } from "@mantine/form";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { validationParams } from "./validation-params";

/** A `namespace:key` of the dictionaries (a rule's message), not an already translated text. */
const I18N_KEY = new RegExp(`^(${namespaces.join("|")}):[A-Za-z0-9_.]+$`);

/**
 * Input props of a Mantine form field whose error is translated at render time: rules give
 * `validation:<key>` keys (so a language switch re-translates them); messages that came
 * from the server are already translated and shown as they are.
 */
export function useFieldProps<Values>(form: UseFormReturnType<Values>) {
  const { t } = useTranslation();
  return (path: Extract<keyof Values, string>, options?: { type?: "input" | "checkbox" }) => {
    const props = form.getInputProps(path, options);
    const raw: unknown = props.error;
    const error: ReactNode =
      typeof raw === "string"
        ? I18N_KEY.test(raw)
          ? t(raw, validationParams[raw] ?? {})
          : raw
        : undefined;
    return {
      ...props,
      error,
      // PasswordInput does not set it on its inner input by itself.
      "aria-invalid": error ? true : undefined,
      "data-testid": `field-${path}`,
    };
  };
}
