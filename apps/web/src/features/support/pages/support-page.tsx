import { SUPPORT_TEXT_MAX_LENGTH, type SupportRequestCreated, type User } from "@leadquiz/contract";
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePublicSettings } from "@/shared/api/public-settings";
import { useApiClient } from "@/shared/api/services-context";
import { useCurrentUser } from "@/shared/api/user-queries";
import { useServerForm } from "@/shared/forms/use-server-form";
import { emailRule, requiredRule } from "@/shared/forms/validators";
import { FormAlert } from "@/shared/ui/form-alert";
import { PageLoader } from "@/shared/ui/page-loader";
import { sendSupportRequest } from "../api/support-api";
import { LengthCounter, maxLengthRule } from "../components/length-counter";

type SupportValues = { email: string; text: string };

/** The form: the reply address (the account's by default) and the problem. */
function SupportForm({
  user,
  onSent,
}: {
  user: User;
  onSent: (sent: SupportRequestCreated) => void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const { form, fieldProps, mutation, formErrors, onSubmit } = useServerForm<
    SupportValues,
    SupportRequestCreated
  >({
    initialValues: { email: user.email, text: "" },
    validate: {
      email: emailRule,
      text: (value) => requiredRule(value) ?? maxLengthRule(SUPPORT_TEXT_MAX_LENGTH)(value),
    },
    submit: (values) => sendSupportRequest(api, { email: values.email.trim(), text: values.text }),
    fieldMap: { email: "email", text: "text" },
    onSuccess: (sent) => onSent(sent),
  });

  return (
    <form noValidate onSubmit={onSubmit} data-testid="support-form">
      <Stack gap="md">
        <TextInput
          label={t("support:support.email")}
          description={t("support:support.emailHint")}
          type="email"
          autoComplete="email"
          withAsterisk
          {...fieldProps("email")}
        />
        <Textarea
          label={t("support:support.text")}
          placeholder={t("support:support.textPlaceholder")}
          withAsterisk
          autosize
          minRows={6}
          maxRows={16}
          {...fieldProps("text")}
        />
        <LengthCounter value={form.getValues().text} max={SUPPORT_TEXT_MAX_LENGTH} />
        <FormAlert messages={formErrors} />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} data-testid="support-submit">
            {t("support:support.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /support: a problem description and a reply address, mailed to the team (POST support/). */
export function SupportPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("support:support.title")} · Leadquiz`);
  const { data: user, isPending } = useCurrentUser();
  const settings = usePublicSettings(["support_email"]);
  const [sent, setSent] = useState<SupportRequestCreated | null>(null);
  // A new form (fresh values) after "write another request".
  const [round, setRound] = useState(0);
  const direct = settings.data?.support_email;

  if (isPending || !user) return <PageLoader />;

  return (
    <Stack gap="lg" maw={720}>
      <Title order={2}>{t("support:support.title")}</Title>
      <Text c="dimmed">{t("support:support.intro")}</Text>
      <Paper
        withBorder
        radius="md"
        p="lg"
        component="section"
        aria-label={t("support:support.title")}
      >
        {sent ? (
          <Alert
            color="green"
            variant="light"
            role="status"
            title={t("support:support.sentTitle")}
            data-testid="support-sent"
          >
            <Stack gap="sm" align="flex-start">
              <Text size="sm">
                {t("support:support.sentBody", { number: sent.id, email: sent.email })}
              </Text>
              <Button
                variant="light"
                size="xs"
                onClick={() => {
                  setSent(null);
                  setRound((n) => n + 1);
                }}
              >
                {t("support:support.sendAnother")}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <SupportForm key={round} user={user} onSent={setSent} />
        )}
      </Paper>
      {direct ? (
        <Text size="sm" c="dimmed">
          {t("support:support.directly", { email: "" })}
          <Anchor href={`mailto:${direct}`} size="sm" underline="always">
            {direct}
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}
