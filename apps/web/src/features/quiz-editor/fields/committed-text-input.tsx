import { Textarea, type TextareaProps, TextInput, type TextInputProps } from "@mantine/core";
import { type CommittedTextOptions, useCommittedText } from "./use-committed-text";

type InputProps = Omit<TextInputProps, "value" | "onChange" | "onBlur" | "error">;
type AreaProps = Omit<TextareaProps, "value" | "onChange" | "onBlur" | "error">;

/** A one-line editor text field written on blur or after a pause (useCommittedText). */
export function CommittedTextInput({
  value,
  onCommit,
  validate,
  ...props
}: CommittedTextOptions & InputProps) {
  const field = useCommittedText({ value, onCommit, validate });
  return <TextInput {...props} {...field} />;
}

/** A multi-line editor text field written on blur or after a pause (useCommittedText). */
export function CommittedTextarea({
  value,
  onCommit,
  validate,
  ...props
}: CommittedTextOptions & AreaProps) {
  const field = useCommittedText({ value, onCommit, validate });
  return <Textarea autosize minRows={2} maxRows={8} {...props} {...field} />;
}
