import { Button, Group } from "@mantine/core";
import { FormAlert } from "@/shared/ui/form-alert";

/** The end of a connect form: messages that belong to no field, then the submit button. */
export function SubmitRow({
  errors,
  pending,
  label,
  testId,
}: {
  errors: string[];
  pending: boolean;
  label: string;
  testId?: string;
}) {
  return (
    <>
      <FormAlert messages={errors} />
      <Group justify="flex-end">
        <Button type="submit" loading={pending} data-testid={testId}>
          {label}
        </Button>
      </Group>
    </>
  );
}
