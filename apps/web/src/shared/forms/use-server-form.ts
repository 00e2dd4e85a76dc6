import { type FormValidateInput, type UseFormReturnType, useForm } from "@mantine/form";
import { type UseMutationResult, useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/shared/api/error-message";
import { applyFieldErrors } from "@/shared/api/form-errors";
import { useFieldProps } from "./use-field-props";

type FieldOf<Values> = Extract<keyof Values, string>;

export interface ServerFormOptions<Values, Result> {
  initialValues: Values;
  validate: FormValidateInput<Values>;
  /** The call the form makes with its (valid) values. */
  submit: (values: Values) => Promise<Result>;
  /** Server field names → form fields, for the per-field messages of a 400 answer. */
  fieldMap: Record<string, FieldOf<Values>>;
  onSuccess?: (result: Result, form: UseFormReturnType<Values>) => void;
  /** Sees a failure first; returns true when it has shown it itself. */
  handleError?: (error: unknown, form: UseFormReturnType<Values>) => boolean;
}

export interface ServerForm<Values, Result> {
  form: UseFormReturnType<Values>;
  fieldProps: ReturnType<typeof useFieldProps<Values>>;
  mutation: UseMutationResult<Result, unknown, Values>;
  /** Messages that belong to no field (show them with FormAlert). */
  formErrors: string[];
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
}

/**
 * A form that sends its values to the API: checked in the browser first (messages once a
 * field has been left), then sent; the server's per-field messages go under their fields
 * and the rest (or a translated reason) above the button.
 */
export function useServerForm<Values extends Record<string, unknown>, Result>(
  options: ServerFormOptions<Values, Result>,
): ServerForm<Values, Result> {
  const { t } = useTranslation();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<Values>({
    mode: "controlled",
    initialValues: options.initialValues,
    validate: options.validate,
    validateInputOnBlur: true,
  });
  const fieldProps = useFieldProps(form);
  const mutation = useMutation<Result, unknown, Values>({
    mutationFn: options.submit,
    onSuccess: (result) => options.onSuccess?.(result, form),
    onError: (error) => {
      if (options.handleError?.(error, form)) return;
      const rest = applyFieldErrors(error, form.setFieldError, options.fieldMap);
      setFormErrors(rest ?? [errorMessage(error, t)]);
    },
  });
  const onSubmit = form.onSubmit((values) => {
    setFormErrors([]);
    mutation.mutate(values);
  });
  return { form, fieldProps, mutation, formErrors, onSubmit };
}
