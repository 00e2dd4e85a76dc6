import {
  answersOperatorSchema,
  numberOperatorSchema,
  QuestionType,
  rangeOperatorSchema,
} from "@leadquiz/contract";
import type { ConditionKind } from "@leadquiz/engine";
import { MultiSelect, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { WriteResult } from "../../state/editor-writes";
import type { Answer, Question, QuestionCondition } from "../api/question-queries";
import { configValue } from "../editor/question-options";
import { CommittedNumberField } from "../fields/committed-fields";

/** The values of a condition the fields edit (the kind and referenced question are chosen apart). */
export type ConditionValues = Pick<
  QuestionCondition,
  | "answers"
  | "answers_include"
  | "answers_operator"
  | "number_operator"
  | "number_from"
  | "number_to"
  | "range_operator"
  | "range_from"
  | "range_to"
>;
export type ConditionPatch = Partial<ConditionValues>;

const done: Promise<WriteResult<unknown>> = Promise.resolve({ ok: true, value: undefined });

/** A range bound of a Date question: an ISO date, or a date-time with `time`. */
function DateBound({
  label,
  value,
  withTime,
  onChange,
  testId,
}: {
  label: string;
  value: string | number | null;
  withTime: boolean;
  onChange: (value: string | null) => void;
  testId: string;
}) {
  const text = typeof value === "string" ? value.slice(0, withTime ? 16 : 10) : "";
  return (
    <TextInput
      type={withTime ? "datetime-local" : "date"}
      label={label}
      value={text}
      data-testid={testId}
      onChange={(event) => onChange(event.currentTarget.value || null)}
    />
  );
}

/**
 * The operator and values of one condition of `kind` on question `ref`: answers (which,
 * selected or not, any or all), a number (in range, more, less, equal) or a range (inside,
 * contains, outside, touches). The operators are the contract's enums.
 */
export function ConditionFields({
  kind,
  ref,
  refAnswers,
  values,
  onChange,
}: {
  kind: ConditionKind;
  ref: Question;
  refAnswers: readonly Answer[];
  values: ConditionValues;
  /** A changed value; resolves to the write's outcome (a draft resolves at once). */
  onChange: (patch: ConditionPatch) => Promise<WriteResult<unknown>> | undefined;
}) {
  const { t } = useTranslation();
  const set = (patch: ConditionPatch) => onChange(patch) ?? done;
  if (kind === "answers") {
    const multi = configValue(ref, "multi_answers");
    return (
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, xs: multi ? 2 : 1 }}>
          <Select
            label={t("questions:logic.include")}
            data={[
              { value: "true", label: t("questions:logic.selected") },
              { value: "false", label: t("questions:logic.notSelected") },
            ]}
            value={String(values.answers_include)}
            allowDeselect={false}
            data-testid="condition-include"
            onChange={(value) => void set({ answers_include: value === "true" })}
          />
          {multi ? (
            <Select
              label={t("questions:logic.answersOperator")}
              data={answersOperatorSchema.options.map((value) => ({
                value,
                label: t(`questions:logic.answersOperators.${value}`),
              }))}
              value={values.answers_operator}
              allowDeselect={false}
              data-testid="condition-answers-operator"
              onChange={(value) => {
                const parsed = answersOperatorSchema.safeParse(value);
                if (parsed.success) void set({ answers_operator: parsed.data });
              }}
            />
          ) : null}
        </SimpleGrid>
        <MultiSelect
          label={t("questions:logic.answers")}
          data={refAnswers.map((answer, index) => ({
            value: String(answer.id),
            label: answer.text || t("questions:logic.answerN", { n: index + 1 }),
          }))}
          value={values.answers.map(String)}
          data-testid="condition-answers"
          onChange={(ids) => void set({ answers: ids.map(Number) })}
        />
      </Stack>
    );
  }
  if (kind === "number") {
    const between = values.number_operator === "in_range";
    return (
      <SimpleGrid cols={{ base: 1, xs: between ? 3 : 2 }}>
        <Select
          label={t("questions:logic.operator")}
          data={numberOperatorSchema.options.map((value) => ({
            value,
            label: t(`questions:logic.numberOperators.${value}`),
          }))}
          value={values.number_operator}
          allowDeselect={false}
          data-testid="condition-number-operator"
          onChange={(value) => {
            const parsed = numberOperatorSchema.safeParse(value);
            if (parsed.success) void set({ number_operator: parsed.data });
          }}
        />
        <CommittedNumberField
          label={t(between ? "questions:logic.from" : "questions:logic.value")}
          value={values.number_from}
          serverField="number_from"
          testId="condition-number-from"
          onCommit={(number_from) => set({ number_from })}
        />
        {between ? (
          <CommittedNumberField
            label={t("questions:logic.to")}
            value={values.number_to}
            serverField="number_to"
            testId="condition-number-to"
            onCommit={(number_to) => set({ number_to })}
          />
        ) : null}
      </SimpleGrid>
    );
  }
  const isDate = ref.type === QuestionType.Date;
  const withTime = configValue(ref, "time");
  const bound = (key: "range_from" | "range_to") => {
    const label = t(key === "range_from" ? "questions:logic.from" : "questions:logic.to");
    const testId = `condition-${key.replace("_", "-")}`;
    return isDate ? (
      <DateBound
        label={label}
        value={values[key]}
        withTime={withTime}
        testId={testId}
        onChange={(value) => void set({ [key]: value })}
      />
    ) : (
      <CommittedNumberField
        label={label}
        value={typeof values[key] === "number" ? values[key] : null}
        serverField={key}
        testId={testId}
        onCommit={(value) => set({ [key]: value })}
      />
    );
  };
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }}>
      <Select
        label={t("questions:logic.operator")}
        data={rangeOperatorSchema.options.map((value) => ({
          value,
          label: t(`questions:logic.rangeOperators.${value}`),
        }))}
        value={values.range_operator}
        allowDeselect={false}
        data-testid="condition-range-operator"
        onChange={(value) => {
          const parsed = rangeOperatorSchema.safeParse(value);
          if (parsed.success) void set({ range_operator: parsed.data });
        }}
      />
      {bound("range_from")}
      {bound("range_to")}
    </SimpleGrid>
  );
}
