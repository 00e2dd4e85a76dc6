import { Alert } from "@mantine/core";

/** Errors of a form that belong to no field (non_field_errors, unexpected failures). */
export function FormAlert({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid="form-error">
      {messages.join(" ")}
    </Alert>
  );
}
