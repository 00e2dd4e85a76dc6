import { type Answer, conditionBodySchema, type Question } from "@leadquiz/contract";
import { type ConditionKind, completeCondition, supportedConditionKinds } from "@leadquiz/engine";
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import type { WriteResult } from "../state/editor-writes";
import { ConditionFields, type ConditionTexts, type ConditionValues } from "./condition-fields";

/** A new condition's values: the engine's defaults (docs/quiz-model.md "Conditions"). */
const {
  ref_question: _ref,
  kind: _kind,
  ...defaultConditionValues
} = completeCondition({
  ref_question: 0,
  kind: "answers",
});

/** What the editor hands over: the condition without its owner. */
export type NewCondition = ConditionValues & { ref_question: number; kind: ConditionKind };

/**
 * Adding a condition, of a question (its logic) or of a result: a question that supports
 * one (the engine's supportedConditionKinds), its kind, then the operator and values. Add
 * is offered once the contract's shape rule holds (answers chosen, both bounds given…);
 * the server's refusal (a duplicate…) is shown under the form. Each screen gives its own
 * words (`texts`) and where the condition goes (`onAdd`).
 */
export function ConditionEditor({
  candidates,
  questionLabel,
  answersOf,
  texts,
  title,
  testId,
  onAdd,
  refusalOf,
}: {
  /** The questions a condition may refer to (those that support no kind are left out). */
  candidates: readonly Question[];
  questionLabel: (question: Question) => string;
  answersOf: (questionId: number) => readonly Answer[];
  texts: ConditionTexts;
  title?: string | undefined;
  testId: string;
  onAdd: (condition: NewCondition) => Promise<WriteResult<unknown>>;
  refusalOf: (error: unknown) => string;
}) {
  const [refId, setRefId] = useState<number | null>(null);
  const [kind, setKind] = useState<ConditionKind | null>(null);
  const [values, setValues] = useState<ConditionValues>(defaultConditionValues);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const usable = candidates.filter((candidate) => supportedConditionKinds(candidate).length > 0);
  const ref = usable.find((candidate) => candidate.id === refId) ?? null;
  const kinds = ref ? supportedConditionKinds(ref) : [];
  const reset = () => {
    setRefId(null);
    setKind(null);
    setValues(defaultConditionValues);
  };
  const condition: NewCondition | null =
    ref && kind ? { ref_question: ref.id, kind, ...values } : null;
  const ready = condition !== null && conditionBodySchema.safeParse(condition).success;
  const add = async () => {
    if (!condition) return;
    setSaving(true);
    setRefusal(null);
    const result = await onAdd(condition);
    setSaving(false);
    if (result.ok) reset();
    else setRefusal(refusalOf(result.error));
  };
  return (
    <Paper withBorder p="sm" radius="md" bg="gray.0" data-testid={testId}>
      <Stack gap="xs">
        {title ? (
          <Title order={3} size="h6">
            {title}
          </Title>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label={texts.question}
            placeholder={texts.chooseQuestion}
            data={usable.map((candidate) => ({
              value: String(candidate.id),
              label: questionLabel(candidate),
            }))}
            value={refId === null ? null : String(refId)}
            nothingFoundMessage={texts.noQuestions}
            comboboxProps={{ withinPortal: true }}
            data-testid="condition-ref"
            onChange={(value) => {
              const next = usable.find((candidate) => String(candidate.id) === value) ?? null;
              setRefId(next?.id ?? null);
              setKind(next ? (supportedConditionKinds(next)[0] ?? null) : null);
              setValues(defaultConditionValues);
              setRefusal(null);
            }}
          />
          {ref ? (
            <Select
              label={texts.kind}
              data={kinds.map((value) => ({ value, label: texts.kindName(value) }))}
              value={kind}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-testid="condition-kind"
              onChange={(value) => {
                setKind(kinds.find((candidate) => candidate === value) ?? null);
                setValues(defaultConditionValues);
              }}
            />
          ) : null}
        </SimpleGrid>
        {ref && kind ? (
          <ConditionFields
            kind={kind}
            ref={ref}
            refAnswers={answersOf(ref.id)}
            values={values}
            texts={texts}
            onChange={(patch) => {
              setValues((current) => ({ ...current, ...patch }));
              setRefusal(null);
              return undefined;
            }}
          />
        ) : null}
        {refusal ? (
          <Text size="sm" c="red.9" role="alert" data-testid="condition-refusal">
            {refusal}
          </Text>
        ) : null}
        <Group>
          <Button
            disabled={!ready}
            loading={saving}
            onClick={() => void add()}
            data-testid="condition-add"
          >
            {texts.add}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
