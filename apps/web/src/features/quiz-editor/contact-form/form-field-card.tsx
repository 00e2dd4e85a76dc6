import {
  endpoints,
  type FormField,
  type FormFieldType,
  type FormFieldUpdate,
  formFieldKeys,
} from "@leadquiz/contract";
import { Group, Paper, SimpleGrid, Stack, Switch, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useApiClient } from "@/shared/api/services-context";
import { CommittedTextInput } from "../fields/committed-text-input";
import { usePatchEdit } from "../fields/use-patch-edit";
import { useEditorWrites } from "../state/editor-writes";
import { formFieldsQueryKey } from "./form-field-queries";

/**
 * One contact slot of the form (name, e-mail, phone, other, other 2): shown or not,
 * required or not, its label and placeholder. A slot the quiz has no record of is created
 * when it is switched on.
 */
export function FormFieldCard({
  quizId,
  type,
  field,
}: {
  quizId: number;
  type: FormFieldType;
  field: FormField | undefined;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const { write } = useEditorWrites();
  const patchEdit = usePatchEdit();
  const key = formFieldsQueryKey(quizId);
  const name = t(`results:contact.fields.${formFieldKeys[type]}`);

  const patch = (label: string, next: FormFieldUpdate) => {
    if (!field) return;
    const previous: Record<string, unknown> = {};
    for (const k of Object.keys(next)) previous[k] = field[k as keyof FormField];
    void patchEdit({
      label: `${name}: ${label}`,
      record: { endpoint: endpoints.updateFormField, id: field.id },
      place: { queryKey: key, kind: "list", id: field.id },
      next,
      previous,
    });
  };

  const toggle = (enabled: boolean) => {
    if (field) patch(t("results:contact.enabled"), { enabled });
    else if (enabled) {
      void write({
        send: () =>
          api.call(endpoints.createFormField, { body: { quiz: quizId, type, enabled: true } }),
        refresh: [key],
      });
    }
  };

  const enabled = field?.enabled ?? false;
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`form-field-${formFieldKeys[type]}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{name}</Text>
          <Group gap="md">
            <Switch
              label={t("results:contact.enabled")}
              aria-label={t("results:contact.enabledOf", { name })}
              checked={enabled}
              onChange={(event) => toggle(event.currentTarget.checked)}
            />
            <Switch
              label={t("results:contact.required")}
              aria-label={t("results:contact.requiredOf", { name })}
              checked={field?.required ?? false}
              disabled={!enabled}
              onChange={(event) =>
                patch(t("results:contact.required"), { required: event.currentTarget.checked })
              }
            />
          </Group>
        </Group>
        {field && enabled && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <CommittedTextInput
              label={t("results:contact.label")}
              description={t("results:contact.labelHint")}
              value={field.label}
              maxLength={255}
              onCommit={(label) => patch(t("results:contact.label"), { label })}
            />
            <CommittedTextInput
              label={t("results:contact.placeholder")}
              description={t("results:contact.placeholderHint")}
              value={field.placeholder}
              maxLength={255}
              onCommit={(placeholder) => patch(t("results:contact.placeholder"), { placeholder })}
            />
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
