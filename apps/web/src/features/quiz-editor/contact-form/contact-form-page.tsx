import {
  type ContactForm,
  type FormField,
  FormFieldType,
  type Messenger,
  messengers,
  type Quiz,
} from "@leadquiz/contract";
import { Checkbox, Loader, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { CommittedTextarea, CommittedTextInput } from "../fields/committed-text-input";
import { linkProblem } from "../fields/link-rule";
import { useEditorQuiz } from "../fields/use-editor-quiz";
import { useQuizSectionPatch } from "../fields/use-quiz-patch";
import { FormFieldCard } from "./form-field-card";
import { useFormFields } from "./form-field-queries";

const fieldTypes = [
  FormFieldType.Name,
  FormFieldType.Email,
  FormFieldType.Phone,
  FormFieldType.Other,
  FormFieldType.Other2,
] as const;

type LinkKey = "privacy_policy_url" | "thank_you_url" | "button_link" | "auto_redirect_url";
const linkKeys: LinkKey[] = [
  "privacy_policy_url",
  "thank_you_url",
  "button_link",
  "auto_redirect_url",
];

/** `/quiz/{id}/form-contacts`: the contact form's fields, messengers, texts and links. */
export function ContactFormPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("layout:editor.nav.contactForm")} · Leadquiz`);
  const { quizId, quiz } = useEditorQuiz();
  const fields = useFormFields(quizId);
  if (!quiz || fields.isPending) return <Loader role="status" aria-label={t("results:loading")} />;
  return (
    <ContactFormEditor
      quizId={quizId}
      form={quiz.contact_form}
      quiz={quiz}
      fields={fields.data ?? []}
    />
  );
}

function ContactFormEditor({
  quizId,
  quiz,
  form,
  fields,
}: {
  quizId: number;
  quiz: Quiz;
  form: ContactForm;
  fields: FormField[];
}) {
  const { t } = useTranslation();
  const patch = useQuizSectionPatch(quiz);
  const write = (label: string, next: Partial<ContactForm>) =>
    void patch("contact_form", label, next);
  const toggleMessenger = (messenger: Messenger, on: boolean) => {
    const next = on
      ? messengers.filter((m) => m === messenger || form.messengers.includes(m))
      : form.messengers.filter((m) => m !== messenger);
    write(t("results:contact.messengers"), { messengers: next });
  };
  return (
    <Stack gap="md" maw={880} data-testid="contact-form-page">
      <Title order={1} size="h2">
        {t("results:contact.title")}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("results:contact.texts")}
          </Title>
          <CommittedTextInput
            label={t("results:contact.formTitle")}
            value={form.title}
            maxLength={500}
            onCommit={(title) => write(t("results:contact.formTitle"), { title })}
          />
          <CommittedTextarea
            label={t("results:contact.description")}
            value={form.description}
            maxLength={10_000}
            onCommit={(description) => write(t("results:contact.description"), { description })}
          />
          <CommittedTextInput
            label={t("results:contact.buttonText")}
            value={form.button_text}
            maxLength={255}
            onCommit={(button_text) => write(t("results:contact.buttonText"), { button_text })}
          />
        </Stack>
      </Paper>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t("results:contact.fieldsTitle")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("results:contact.fieldsHint")}
        </Text>
        {fieldTypes.map((type) => (
          <FormFieldCard
            key={type}
            quizId={quizId}
            type={type}
            field={fields.find((field) => field.type === type)}
          />
        ))}
      </Stack>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={2} size="h4" id="messengers-title">
            {t("results:contact.messengers")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("results:contact.messengersHint")}
          </Text>
          <SimpleGrid
            cols={{ base: 2, sm: 3 }}
            spacing="xs"
            role="group"
            aria-labelledby="messengers-title"
          >
            {messengers.map((messenger) => (
              <Checkbox
                key={messenger}
                label={t(`results:contact.messengerNames.${messenger}`)}
                checked={form.messengers.includes(messenger)}
                onChange={(event) => toggleMessenger(messenger, event.currentTarget.checked)}
              />
            ))}
          </SimpleGrid>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("results:contact.links")}
          </Title>
          {linkKeys.map((key) => (
            <CommittedTextInput
              key={key}
              label={t(`results:contact.linkFields.${key}`)}
              description={t(`results:contact.linkHints.${key}`)}
              placeholder="https://"
              inputMode="url"
              value={form[key] ?? ""}
              validate={linkProblem(t)}
              onCommit={(text) =>
                write(t(`results:contact.linkFields.${key}`), { [key]: text.trim() || null })
              }
              data-testid={`contact-${key}`}
            />
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
