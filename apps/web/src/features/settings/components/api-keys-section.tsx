import {
  API_KEY_NAME_MAX_LENGTH,
  type ApiKey,
  type ApiKeyCreated,
  RECENT_SIGN_IN_SECONDS,
} from "@leadquiz/contract";
import {
  Alert,
  Button,
  Code,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "@/shared/api/api-error";
import { errorMessage } from "@/shared/api/error-message";
import { readSignInTime } from "@/shared/api/jwt";
import { useApiClient, useSession } from "@/shared/api/services-context";
import { useServerForm } from "@/shared/forms/use-server-form";
import { requiredRule } from "@/shared/forms/validators";
import { ConfirmDialog } from "@/shared/ui/confirm-dialog";
import { CopyTextButton } from "@/shared/ui/copy-text-button";
import { FormAlert } from "@/shared/ui/form-alert";
import { apiKeysApi } from "../api/settings-api";

const apiKeysKey = ["api-keys"] as const;

/**
 * Whether the session signed in too long ago to make a key without the password (a hint
 * from the access token's `auth_time` and this device's clock; the server decides, and the
 * form also asks when the server does).
 */
function signInIsOld(access: string | undefined): boolean {
  if (!access) return false;
  const signedInAt = readSignInTime(access);
  return signedInAt === null || Date.now() - signedInAt > RECENT_SIGN_IN_SECONDS * 1000;
}

/**
 * Account API keys for automation platforms (Zapier, Make, n8n; docs/delivery.md "REST
 * hooks"): make one (the key is shown once, with a copy button), list them by name and
 * first characters with their last use, revoke one after a confirmation. A key outlives
 * the session, so the server wants the current password when the session signed in more
 * than 5 minutes ago (docs/security.md): the form shows the password field then.
 */
export function ApiKeysSection() {
  const { t, i18n } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const session = useSession();
  const [serverAsked, setServerAsked] = useState(false);
  const askPassword = serverAsked || signInIsOld(session?.access);
  const list = useQuery({ queryKey: apiKeysKey, queryFn: () => apiKeysApi.list(api) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeysKey });
  const { fieldProps, mutation, formErrors, onSubmit } = useServerForm({
    initialValues: { name: "", password: "" },
    validate: { name: requiredRule },
    submit: (values) =>
      apiKeysApi.create(api, {
        name: values.name.trim(),
        ...(askPassword && values.password !== "" ? { password: values.password } : {}),
      }),
    fieldMap: { name: "name", password: "password" },
    handleError: (error) => {
      // The server wants the password (its message goes under the field).
      if (isApiError(error) && error.fieldErrors?.password) setServerAsked(true);
      return false;
    },
    onSuccess: (key, form) => {
      form.reset();
      setServerAsked(false);
      setCreated(key);
      void refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (id: number) => apiKeysApi.revoke(api, id),
    onSuccess: () => {
      setRevoking(null);
      setCreated(null);
      notifications.show({ color: "green", message: t("settings:apiKeys.revoked") });
      void refresh();
    },
    onError: (error) => notifications.show({ color: "red", message: errorMessage(error, t) }),
  });
  const when = (at: string | null) => (at ? new Date(at).toLocaleString(i18n.language) : "");

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("settings:apiKeys.hint")}
      </Text>
      {created && (
        <Alert
          color="blue"
          // The theme's blue title on the light blue background is below WCAG AA contrast.
          styles={{ title: { color: "var(--mantine-color-dark-7)" } }}
          title={t("settings:apiKeys.createdTitle")}
          data-testid="api-key-created"
        >
          <Stack gap="xs">
            <Text size="sm">{t("settings:apiKeys.createdHint")}</Text>
            <Code block style={{ wordBreak: "break-all" }}>
              {created.key}
            </Code>
            <Group>
              <CopyTextButton text={created.key} label={t("settings:apiKeys.copy")} />
            </Group>
          </Stack>
        </Alert>
      )}
      {list.error && (
        <Text size="sm" c="red.9" role="alert">
          {errorMessage(list.error, t)}
        </Text>
      )}
      {list.data?.length === 0 && <Text size="sm">{t("settings:apiKeys.empty")}</Text>}
      {list.data?.map((key) => (
        <Paper key={key.id} withBorder p="sm" radius="md" data-testid={`api-key-${key.id}`}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={2}>
              <Text fw={600}>{key.name}</Text>
              <Text size="sm" c="dimmed">
                <Code>{key.prefix}…</Code>{" "}
                {t("settings:apiKeys.created", { at: when(key.created_at) })}
                {" · "}
                {key.last_used_at
                  ? t("settings:apiKeys.lastUsed", { at: when(key.last_used_at) })
                  : t("settings:apiKeys.neverUsed")}
              </Text>
            </Stack>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => setRevoking(key)}
              data-testid="api-key-revoke"
            >
              {t("settings:apiKeys.revoke")}
            </Button>
          </Group>
        </Paper>
      ))}
      <form noValidate onSubmit={onSubmit}>
        {askPassword && (
          <PasswordInput
            label={t("settings:apiKeys.password")}
            description={t("settings:apiKeys.passwordHint")}
            autoComplete="current-password"
            mb="xs"
            {...fieldProps("password")}
            data-testid="api-key-password"
          />
        )}
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label={t("settings:apiKeys.name")}
            placeholder="Zapier"
            maxLength={API_KEY_NAME_MAX_LENGTH}
            style={{ flex: 1, minWidth: 200 }}
            {...fieldProps("name")}
            data-testid="api-key-name"
          />
          <Button type="submit" loading={mutation.isPending} data-testid="api-key-create">
            {t("settings:apiKeys.create")}
          </Button>
        </Group>
        <FormAlert messages={formErrors} />
      </form>
      <ConfirmDialog
        opened={revoking !== null}
        title={t("settings:apiKeys.revokeTitle")}
        message={t("settings:apiKeys.revokeMessage", { name: revoking?.name ?? "" })}
        confirmLabel={t("settings:apiKeys.revoke")}
        danger
        loading={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
}
