import {
  PORTFOLIO_FILE_MAX_MB,
  PORTFOLIO_NAME_MAX_LENGTH,
  PORTFOLIO_TEXT_MAX_LENGTH,
  type PortfolioItem,
} from "@leadquiz/contract";
import {
  Anchor,
  Button,
  Checkbox,
  FileInput,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { useServerForm } from "@/shared/forms/use-server-form";
import { requiredRule } from "@/shared/forms/validators";
import { DialogModal } from "@/shared/ui/dialog-modal";
import { FormAlert } from "@/shared/ui/form-alert";
import { usePortfolioMutations } from "../api/profile-api";
import { acceptOf, fileProblem } from "./file-rules";

type PortfolioValues = {
  name: string;
  workDone: string;
  results: string;
  file: File | null;
  removeFile: boolean;
};

const tooLong = (max: number) => (value: string) =>
  value.trim().length > max ? "courses:profile.about.tooLong" : null;

interface PortfolioDialogProps {
  /** The project edited, or null for a new one. */
  item: PortfolioItem | null;
  opened: boolean;
  onClose: () => void;
}

/** Adds or edits a portfolio project: name, work done, results and an image or PDF file. */
export function PortfolioDialog({ item, opened, onClose }: PortfolioDialogProps) {
  const { t } = useTranslation();
  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title={t(item ? "courses:portfolio.dialog.edit" : "courses:portfolio.dialog.new")}
      centered
      size="lg"
      trapFocus
    >
      {opened ? <PortfolioForm item={item} onDone={onClose} /> : null}
    </DialogModal>
  );
}

function PortfolioForm({ item, onDone }: { item: PortfolioItem | null; onDone: () => void }) {
  const { t } = useTranslation();
  const { save } = usePortfolioMutations();
  const { form, fieldProps, mutation, formErrors, onSubmit } = useServerForm<
    PortfolioValues,
    PortfolioItem
  >({
    initialValues: {
      name: item?.name ?? "",
      workDone: item?.work_done ?? "",
      results: item?.results ?? "",
      file: null,
      removeFile: false,
    },
    validate: {
      name: (value) => requiredRule(value) ?? tooLong(PORTFOLIO_NAME_MAX_LENGTH)(value),
      workDone: tooLong(PORTFOLIO_TEXT_MAX_LENGTH),
      results: tooLong(PORTFOLIO_TEXT_MAX_LENGTH),
      file: (file) => {
        if (!file) return null;
        const problem = fileProblem(file, "image-pdf", PORTFOLIO_FILE_MAX_MB);
        if (problem === "tooLarge") return "courses:portfolio.dialog.fileTooLarge";
        if (problem === "wrongType") return "courses:portfolio.dialog.fileWrongType";
        return null;
      },
    },
    submit: (values) =>
      save.mutateAsync({
        id: item?.id ?? null,
        draft: {
          texts: {
            name: values.name.trim(),
            work_done: values.workDone.trim(),
            results: values.results.trim(),
          },
          file: values.file,
          removeFile: values.removeFile,
        },
      }),
    fieldMap: { name: "name", work_done: "workDone", results: "results", file: "file" },
    onSuccess: () => {
      notifications.show({ color: "green", message: t("courses:portfolio.saved") });
      onDone();
    },
  });
  // Messages that name a limit get it.
  const limited = (path: keyof PortfolioValues, max: number) => {
    const props = fieldProps(path);
    const raw = form.errors[path];
    if (raw === "courses:profile.about.tooLong")
      return { ...props, error: t(String(raw), { max }) };
    if (raw === "courses:portfolio.dialog.fileTooLarge") {
      return { ...props, error: t("courses:portfolio.dialog.fileTooLarge", { max }) };
    }
    return props;
  };
  const values = form.getValues();

  return (
    <form noValidate onSubmit={onSubmit} data-testid="portfolio-form">
      <Stack gap="md">
        <TextInput
          label={t("courses:portfolio.dialog.name")}
          placeholder={t("courses:portfolio.dialog.namePlaceholder")}
          withAsterisk
          data-autofocus
          {...limited("name", PORTFOLIO_NAME_MAX_LENGTH)}
        />
        <Textarea
          label={t("courses:portfolio.workDone")}
          placeholder={t("courses:portfolio.dialog.workDonePlaceholder")}
          autosize
          minRows={3}
          maxRows={10}
          {...limited("workDone", PORTFOLIO_TEXT_MAX_LENGTH)}
        />
        <Textarea
          label={t("courses:portfolio.results")}
          placeholder={t("courses:portfolio.dialog.resultsPlaceholder")}
          autosize
          minRows={2}
          maxRows={8}
          {...limited("results", PORTFOLIO_TEXT_MAX_LENGTH)}
        />
        <FileInput
          label={t("courses:portfolio.dialog.file")}
          description={t("courses:portfolio.dialog.fileHint", { max: PORTFOLIO_FILE_MAX_MB })}
          placeholder={t("courses:portfolio.dialog.filePlaceholder")}
          accept={acceptOf("image-pdf")}
          clearable
          {...limited("file", PORTFOLIO_FILE_MAX_MB)}
        />
        {item?.file && !values.file ? (
          <Group gap="md" wrap="wrap">
            <Text size="sm">
              {t("courses:portfolio.dialog.currentFile")}:{" "}
              <Anchor href={item.file} target="_blank" rel="noopener noreferrer" size="sm">
                {t("courses:portfolio.openFile")}
              </Anchor>
            </Text>
            <Checkbox
              label={t("courses:portfolio.dialog.removeFile")}
              {...fieldProps("removeFile", { type: "checkbox" })}
            />
          </Group>
        ) : null}
        <FormAlert messages={formErrors} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t("dashboard:dialog.cancel")}
          </Button>
          <Button type="submit" loading={mutation.isPending} data-testid="portfolio-save">
            {t("courses:portfolio.dialog.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
