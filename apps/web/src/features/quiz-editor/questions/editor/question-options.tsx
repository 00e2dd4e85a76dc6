import {
  type Question,
  type QuestionConfig,
  questionConfigDefaults,
  SHORT_TEXT_MAX_LENGTH,
  units,
} from "@leadquiz/contract";
import {
  type ValidationMessageKey,
  validateAnswerCount,
  validateNumberStep,
  validationMessageParams,
} from "@leadquiz/engine";
import { Group, NumberInput, Select, SimpleGrid, Stack, Switch } from "@mantine/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/shared/ui/confirm-dialog";
import type { QuestionWrites } from "../api/question-writes";
import { CommittedNumberField, CommittedTextField } from "../fields/committed-fields";
import { useCommittedValue } from "../fields/use-committed-value";
import { editorOptions } from "../question-types";

/** A config value with its default (docs/quiz-model.md: a missing key takes the default). */
export function configValue<K extends keyof typeof questionConfigDefaults>(
  question: Question,
  key: K,
): NonNullable<QuestionConfig[K]> | (typeof questionConfigDefaults)[K] {
  return question.config[key] ?? questionConfigDefaults[key];
}

export function useValidationText() {
  const { t } = useTranslation();
  return (key: ValidationMessageKey) => t(`validation:${key}`, validationMessageParams[key] ?? {});
}

interface OptionProps {
  question: Question;
  writes: QuestionWrites;
}

function ConfigSwitch({
  question,
  writes,
  option,
  onChange,
}: OptionProps & {
  option: "multi_answers" | "yes_no" | "own_answer" | "two_sided" | "date_range" | "time";
  onChange?: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const label = t(`questions:options.${option}`);
  return (
    <Switch
      label={label}
      checked={configValue(question, option)}
      data-testid={`option-${option}`}
      onChange={(event) => {
        const checked = event.currentTarget.checked;
        if (onChange) onChange(checked);
        else void writes.patchConfig(question, { [option]: checked }, label);
      }}
    />
  );
}

/** Multiple choice: turning it off asks first (AND conditions on it become OR, server side). */
function MultipleChoiceSwitch({ question, writes }: OptionProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const label = t("questions:options.multi_answers");
  return (
    <>
      <ConfigSwitch
        question={question}
        writes={writes}
        option="multi_answers"
        onChange={(checked) => {
          if (checked) void writes.patchConfig(question, { multi_answers: true }, label);
          else setAsking(true);
        }}
      />
      <ConfirmDialog
        opened={asking}
        title={t("questions:confirm.multiOffTitle")}
        message={t("questions:confirm.multiOffText")}
        confirmLabel={t("questions:confirm.multiOffOk")}
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void writes.patchConfig(question, { multi_answers: false }, label, true);
        }}
      />
    </>
  );
}

function ConfigSelect<K extends "image_format" | "image_position">({
  question,
  writes,
  option,
  values,
}: OptionProps & { option: K; values: readonly string[] }) {
  const { t } = useTranslation();
  const label = t(`questions:options.${option}`);
  return (
    <Select
      label={label}
      data={values.map((value) => ({ value, label: t(`questions:${option}.${value}`) }))}
      value={configValue(question, option)}
      allowDeselect={false}
      data-testid={`option-${option}`}
      onChange={(value) => {
        if (value) void writes.patchConfig(question, { [option]: value }, label);
      }}
    />
  );
}

/** Slider min, max and step: written together once the engine's step rule holds. */
function SliderRange({ question, writes }: OptionProps) {
  const { t } = useTranslation();
  const message = useValidationText();
  const min = configValue(question, "min");
  const max = configValue(question, "max");
  const step = configValue(question, "step");
  const value = useMemo(() => ({ min, max, step }), [min, max, step]);
  type Draft = Record<"min" | "max" | "step", number | string>;
  const checkOf = (draft: Draft) => {
    const numbers = [draft.min, draft.max, draft.step];
    if (!numbers.every((n) => typeof n === "number" && Number.isFinite(n))) return "invalid_number";
    return validateNumberStep(draft as { min: number; max: number; step: number });
  };
  const { draft, setDraft, flush } = useCommittedValue<Draft>(
    value,
    (next) => {
      const patch: QuestionConfig = {};
      for (const key of ["min", "max", "step"] as const) {
        if (next[key] !== value[key]) patch[key] = Number(next[key]);
      }
      void writes.patchConfig(question, patch, t("questions:options.range"));
    },
    {
      isValid: (next) => checkOf(next) === null,
      equals: (a, b) => a.min === b.min && a.max === b.max && a.step === b.step,
    },
  );
  const error = checkOf(draft);
  const fieldOf = (key: ValidationMessageKey | null) =>
    key === "number_max_not_greater_than_min" ? "max" : key ? "step" : null;
  const field = (key: "min" | "max" | "step") => (
    <NumberInput
      label={t(`questions:options.${key}`)}
      value={draft[key]}
      onChange={(next) => setDraft({ ...draft, [key]: next })}
      onBlur={flush}
      error={error && fieldOf(error) === key ? message(error) : undefined}
      data-testid={`option-${key}`}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }}>
      {field("min")}
      {field("max")}
      {field("step")}
    </SimpleGrid>
  );
}

/** The options of `config` the question's type uses (the engine's `questionTypeTraits`). */
export function QuestionOptions({ question, writes }: OptionProps) {
  const { t } = useTranslation();
  const message = useValidationText();
  const options = editorOptions(question.type);
  const has = (option: string) => (options as readonly string[]).includes(option);
  const switches = (["yes_no", "own_answer", "two_sided", "date_range", "time"] as const).filter(
    has,
  );
  return (
    <Stack gap="sm">
      <Group gap="lg">
        {has("multi_answers") ? <MultipleChoiceSwitch question={question} writes={writes} /> : null}
        {switches.map((option) => (
          <ConfigSwitch key={option} question={question} writes={writes} option={option} />
        ))}
      </Group>
      {has("image_format") ? (
        <ConfigSelect
          question={question}
          writes={writes}
          option="image_format"
          values={["square", "portrait", "landscape"]}
        />
      ) : null}
      {has("placeholder") ? (
        <CommittedTextField
          label={t("questions:options.placeholder")}
          value={configValue(question, "placeholder")}
          maxLength={SHORT_TEXT_MAX_LENGTH}
          serverField="config.placeholder"
          testId="option-placeholder"
          onCommit={(placeholder) =>
            writes.patchConfig(question, { placeholder }, t("questions:options.placeholder"))
          }
        />
      ) : null}
      {has("quantity_of_answers") ? (
        <CommittedNumberField
          label={t("questions:options.quantity_of_answers")}
          value={configValue(question, "quantity_of_answers")}
          integer
          serverField="config.quantity_of_answers"
          testId="option-quantity_of_answers"
          validate={(quantity) => {
            const key = validateAnswerCount(quantity);
            return key ? message(key) : null;
          }}
          onCommit={(quantity) =>
            writes.patchConfig(
              question,
              { quantity_of_answers: quantity },
              t("questions:options.quantity_of_answers"),
            )
          }
        />
      ) : null}
      {has("range") ? <SliderRange question={question} writes={writes} /> : null}
      {has("unit") ? (
        <Select
          label={t("questions:options.unit")}
          placeholder={t("questions:options.noUnit")}
          data={units.map((unit) => ({ value: unit, label: t(`questions:units.${unit}`) }))}
          value={question.config.unit ?? null}
          clearable
          searchable
          data-testid="option-unit"
          onChange={(unit) =>
            void writes.patchConfig(
              question,
              { unit: (unit as QuestionConfig["unit"]) ?? null },
              t("questions:options.unit"),
            )
          }
        />
      ) : null}
    </Stack>
  );
}

/** The question's media options: the image's position, the video link and the consultant. */
export function ImagePositionSelect({ question, writes }: OptionProps) {
  return (
    <ConfigSelect
      question={question}
      writes={writes}
      option="image_position"
      values={["left", "right", "top", "bottom", "background"]}
    />
  );
}

export function VideoConsultantSwitch({ question, writes }: OptionProps) {
  const { t } = useTranslation();
  const label = t("questions:options.video_consultant");
  return (
    <Switch
      label={label}
      description={t("questions:options.video_consultantHint")}
      checked={configValue(question, "video_consultant")}
      data-testid="option-video_consultant"
      onChange={(event) =>
        void writes.patchConfig(question, { video_consultant: event.currentTarget.checked }, label)
      }
    />
  );
}
