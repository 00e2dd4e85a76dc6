import type { Question } from "@leadquiz/contract";
import { answerValueKind, supportedConditionKinds } from "@leadquiz/engine";
import {
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "@/shared/api/api-error";
import { errorMessage } from "@/shared/api/error-message";
import { useAnswers } from "./api/result-queries";
import { useResultConditionWrites } from "./use-result-condition-writes";

type Kind = "answers" | "number" | "range";
const numberOperators = ["in_range", "more", "less", "equal"] as const;
const rangeOperators = ["inside", "contains", "outside", "touches"] as const;

interface Draft {
  ref: number | null;
  kind: Kind | null;
  answers: string[];
  include: boolean;
  answersOperator: "and" | "or";
  numberOperator: (typeof numberOperators)[number];
  numberFrom: number | string;
  numberTo: number | string;
  rangeOperator: (typeof rangeOperators)[number];
  rangeFrom: string;
  rangeTo: string;
}

const emptyDraft: Draft = {
  ref: null,
  kind: null,
  answers: [],
  include: true,
  answersOperator: "or",
  numberOperator: "in_range",
  numberFrom: "",
  numberTo: "",
  rangeOperator: "inside",
  rangeFrom: "",
  rangeTo: "",
};

const asNumber = (value: number | string) => (typeof value === "number" ? value : null);
const asBound = (text: string, question: Question | undefined) => {
  if (text.trim() === "") return null;
  return question && answerValueKind(question.type) === "date" ? text : Number(text);
};

/**
 * Adds a result condition on a question: its kind (what the question type supports, from
 * the engine), then the answers, number or range. The server's refusal (a duplicate…) is
 * shown under the form.
 */
export function ConditionForm({
  resultId,
  questions,
}: {
  resultId: number;
  questions: readonly Question[];
}) {
  const { t } = useTranslation();
  const conditionWrites = useResultConditionWrites();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [error, setError] = useState<string | null>(null);
  const question = questions.find((q) => q.id === draft.ref);
  const kinds = question ? supportedConditionKinds(question) : [];
  const answers = useAnswers(question && kinds.includes("answers") ? question.id : null);
  const set = (patch: Partial<Draft>) => {
    setError(null);
    setDraft((old) => ({ ...old, ...patch }));
  };
  const usable = questions.filter((q) => supportedConditionKinds(q).length > 0);

  const submit = async () => {
    if (!question || !draft.kind) return;
    const body = {
      result: resultId,
      ref_question: question.id,
      kind: draft.kind,
      ...(draft.kind === "answers" && {
        answers: draft.answers.map(Number),
        answers_include: draft.include,
        answers_operator: draft.answersOperator,
      }),
      ...(draft.kind === "number" && {
        number_operator: draft.numberOperator,
        number_from: asNumber(draft.numberFrom),
        number_to: draft.numberOperator === "in_range" ? asNumber(draft.numberTo) : null,
      }),
      ...(draft.kind === "range" && {
        range_operator: draft.rangeOperator,
        range_from: asBound(draft.rangeFrom, question),
        range_to: asBound(draft.rangeTo, question),
      }),
    };
    const created = await conditionWrites.add(body);
    if (created.ok) setDraft(emptyDraft);
    else {
      const fields = isApiError(created.error) ? created.error.fieldErrors : null;
      setError(fields ? Object.values(fields).flat().join(" ") : errorMessage(created.error, t));
    }
  };

  const dateInput = question !== undefined && answerValueKind(question.type) === "date";
  return (
    <Paper withBorder p="sm" radius="md" bg="gray.0" data-testid="condition-form">
      <Stack gap="xs">
        <Title order={3} size="h6">
          {t("results:logic.addCondition")}
        </Title>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            label={t("results:logic.question")}
            placeholder={t("results:formula.chooseQuestion")}
            data={usable.map((q) => ({
              value: String(q.id),
              label: t("results:formula.questionRef", {
                n: questions.indexOf(q) + 1,
                title: q.title || t("results:formula.untitled"),
              }),
            }))}
            value={draft.ref === null ? null : String(draft.ref)}
            onChange={(value) => {
              const next = questions.find((q) => String(q.id) === value);
              set({
                ...emptyDraft,
                ref: next?.id ?? null,
                kind: next ? (supportedConditionKinds(next)[0] ?? null) : null,
              });
            }}
            nothingFoundMessage={t("results:logic.noQuestions")}
            w={{ base: "100%", xs: 280 }}
            comboboxProps={{ withinPortal: true }}
          />
          {kinds.length > 1 && (
            <Select
              label={t("results:logic.kind")}
              data={kinds.map((kind) => ({ value: kind, label: t(`results:logic.kinds.${kind}`) }))}
              value={draft.kind}
              allowDeselect={false}
              onChange={(value) => value && set({ kind: value as Kind })}
              w={{ base: "100%", xs: 200 }}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        </Group>
        {draft.kind === "answers" && (
          <Stack gap="xs">
            <MultiSelect
              label={t("results:logic.answers")}
              data={(answers.data ?? []).map((answer) => ({
                value: String(answer.id),
                label: answer.text || t("results:logic.untitledAnswer"),
              }))}
              value={draft.answers}
              onChange={(value) => set({ answers: value })}
              comboboxProps={{ withinPortal: true }}
            />
            <Group gap="xs" wrap="wrap">
              <SegmentedControl
                size="xs"
                aria-label={t("results:logic.includeLabel")}
                value={draft.include ? "include" : "exclude"}
                onChange={(value) => set({ include: value === "include" })}
                data={[
                  { value: "include", label: t("results:logic.include") },
                  { value: "exclude", label: t("results:logic.exclude") },
                ]}
              />
              <SegmentedControl
                size="xs"
                aria-label={t("results:logic.answersOperatorLabel")}
                value={draft.answersOperator}
                onChange={(value) => set({ answersOperator: value as "and" | "or" })}
                data={[
                  { value: "or", label: t("results:logic.anyOf") },
                  { value: "and", label: t("results:logic.allOf") },
                ]}
              />
            </Group>
          </Stack>
        )}
        {draft.kind === "number" && (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select
              label={t("results:logic.operator")}
              data={numberOperators.map((op) => ({
                value: op,
                label: t(`results:logic.numberOps.${op}`),
              }))}
              value={draft.numberOperator}
              allowDeselect={false}
              onChange={(value) =>
                value && set({ numberOperator: value as Draft["numberOperator"] })
              }
              w={{ base: "100%", xs: 180 }}
              comboboxProps={{ withinPortal: true }}
            />
            <NumberInput
              label={
                draft.numberOperator === "in_range"
                  ? t("results:logic.from")
                  : t("results:logic.valueLabel")
              }
              value={draft.numberFrom}
              onChange={(value) => set({ numberFrom: value })}
              decimalSeparator="."
              w={120}
            />
            {draft.numberOperator === "in_range" && (
              <NumberInput
                label={t("results:logic.to")}
                value={draft.numberTo}
                onChange={(value) => set({ numberTo: value })}
                decimalSeparator="."
                w={120}
              />
            )}
          </Group>
        )}
        {draft.kind === "range" && (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select
              label={t("results:logic.operator")}
              data={rangeOperators.map((op) => ({
                value: op,
                label: t(`results:logic.rangeOps.${op}`),
              }))}
              value={draft.rangeOperator}
              allowDeselect={false}
              onChange={(value) => value && set({ rangeOperator: value as Draft["rangeOperator"] })}
              w={{ base: "100%", xs: 180 }}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              label={t("results:logic.from")}
              type={dateInput ? "date" : "number"}
              value={draft.rangeFrom}
              onChange={(event) => set({ rangeFrom: event.currentTarget.value })}
              w={160}
            />
            <TextInput
              label={t("results:logic.to")}
              type={dateInput ? "date" : "number"}
              value={draft.rangeTo}
              onChange={(event) => set({ rangeTo: event.currentTarget.value })}
              w={160}
            />
          </Group>
        )}
        {error && (
          <Text size="sm" c="red.9" role="alert">
            {error}
          </Text>
        )}
        <Group>
          <Button size="xs" disabled={!question || !draft.kind} onClick={() => void submit()}>
            {t("results:logic.add")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
