import type { Answer, Question, QuestionCondition } from "@leadquiz/contract";
import {
  type AnswersOperator,
  answersOperators,
  answerValueKind,
  type ConditionKind,
  type NumberOperator,
  numberOperators,
  type RangeOperator,
  rangeOperators,
} from "@leadquiz/engine";
import { MultiSelect, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { configValue } from "../questions/editor/question-options";
import { CommittedNumberField } from "../questions/fields/committed-fields";
import type { WriteResult } from "../state/editor-writes";

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

/**
 * The words of a condition editor: each screen keeps its own (the question logic says
 * "selected", the results "chosen"), the controls are the same.
 */
export interface ConditionTexts {
  question: string;
  chooseQuestion: string;
  noQuestions?: string | undefined;
  kind: string;
  kindName(kind: ConditionKind): string;
  include: string;
  included: string;
  excluded: string;
  answersOperator: string;
  answersOperatorName(operator: AnswersOperator): string;
  answers: string;
  untitledAnswer(n: number): string;
  operator: string;
  numberOperatorName(operator: NumberOperator): string;
  rangeOperatorName(operator: RangeOperator): string;
  value: string;
  from: string;
  to: string;
  add: string;
}

/** The value of `list` that `value` names, if any (a Select answers a string). */
function oneOf<T extends string>(list: readonly T[], value: string | null): T | undefined {
  return list.find((candidate) => candidate === value);
}

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
 * contains, outside, touches). The operators are the engine's lists.
 */
export function ConditionFields({
  kind,
  ref,
  refAnswers,
  values,
  texts,
  onChange,
}: {
  kind: ConditionKind;
  ref: Question;
  refAnswers: readonly Answer[];
  values: ConditionValues;
  texts: ConditionTexts;
  /** A changed value; resolves to the write's outcome (a draft resolves at once). */
  onChange: (patch: ConditionPatch) => Promise<WriteResult<unknown>> | undefined;
}) {
  const set = (patch: ConditionPatch) => onChange(patch) ?? done;
  if (kind === "answers") {
    const multi = configValue(ref, "multi_answers");
    return (
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, xs: multi ? 2 : 1 }}>
          <Select
            label={texts.include}
            data={[
              { value: "true", label: texts.included },
              { value: "false", label: texts.excluded },
            ]}
            value={String(values.answers_include)}
            allowDeselect={false}
            data-testid="condition-include"
            onChange={(value) => void set({ answers_include: value === "true" })}
          />
          {multi ? (
            <Select
              label={texts.answersOperator}
              data={answersOperators.map((value) => ({
                value,
                label: texts.answersOperatorName(value),
              }))}
              value={values.answers_operator}
              allowDeselect={false}
              data-testid="condition-answers-operator"
              onChange={(value) => {
                const operator = oneOf(answersOperators, value);
                if (operator) void set({ answers_operator: operator });
              }}
            />
          ) : null}
        </SimpleGrid>
        <MultiSelect
          label={texts.answers}
          data={refAnswers.map((answer, index) => ({
            value: String(answer.id),
            label: answer.text || texts.untitledAnswer(index + 1),
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
          label={texts.operator}
          data={numberOperators.map((value) => ({
            value,
            label: texts.numberOperatorName(value),
          }))}
          value={values.number_operator}
          allowDeselect={false}
          data-testid="condition-number-operator"
          onChange={(value) => {
            const operator = oneOf(numberOperators, value);
            if (operator) void set({ number_operator: operator });
          }}
        />
        <CommittedNumberField
          label={between ? texts.from : texts.value}
          value={values.number_from}
          serverField="number_from"
          testId="condition-number-from"
          onCommit={(number_from) => set({ number_from })}
        />
        {between ? (
          <CommittedNumberField
            label={texts.to}
            value={values.number_to}
            serverField="number_to"
            testId="condition-number-to"
            onCommit={(number_to) => set({ number_to })}
          />
        ) : null}
      </SimpleGrid>
    );
  }
  const isDate = answerValueKind(ref.type) === "date";
  const withTime = configValue(ref, "time");
  const bound = (key: "range_from" | "range_to") => {
    const label = key === "range_from" ? texts.from : texts.to;
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
        label={texts.operator}
        data={rangeOperators.map((value) => ({
          value,
          label: texts.rangeOperatorName(value),
        }))}
        value={values.range_operator}
        allowDeselect={false}
        data-testid="condition-range-operator"
        onChange={(value) => {
          const operator = oneOf(rangeOperators, value);
          if (operator) void set({ range_operator: operator });
        }}
      />
      {bound("range_from")}
      {bound("range_to")}
    </SimpleGrid>
  );
}
