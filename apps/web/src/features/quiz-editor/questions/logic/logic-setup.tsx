import { questionConditionCreateSchema } from "@leadquiz/contract";
import { type ConditionKind, supportedConditionKinds } from "@leadquiz/engine";
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/shared/api/error-message";
import {
  type Answer,
  type Question,
  type QuestionCondition,
  useAnswersOf,
  useConditions,
  useQuestionList,
} from "../api/question-queries";
import { type QuestionWrites, useQuestionWrites } from "../api/question-writes";
import { configValue } from "../editor/question-options";
import { TrashIcon } from "../icons";
import { hasAnswers } from "../question-types";
import { ConditionFields, type ConditionValues } from "./condition-fields";

/** A new condition's values: the server's defaults (docs/quiz-model.md "Conditions"). */
const defaultValues: ConditionValues = {
  answers: [],
  answers_include: true,
  answers_operator: "or",
  number_operator: "in_range",
  number_from: null,
  number_to: null,
  range_operator: "inside",
  range_from: null,
  range_to: null,
};

interface LogicContext {
  questions: readonly Question[];
  answersOf: Map<number, Answer[]>;
  writes: QuestionWrites;
}

function questionLabel(questions: readonly Question[], id: number, untitled: string) {
  const index = questions.findIndex((question) => question.id === id);
  const question = questions[index];
  return question ? `${index + 1}. ${question.title || untitled}` : "";
}

/** A saved condition: its question and kind as text, its operator and values editable. */
function ConditionRow({
  condition,
  n,
  context,
}: {
  condition: QuestionCondition;
  n: number;
  context: LogicContext;
}) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const ref = context.questions.find((question) => question.id === condition.ref_question);
  if (!ref) return null;
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`condition-${n}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate="end">
              {questionLabel(context.questions, ref.id, t("questions:list.untitled"))}
            </Text>
            <Badge variant="light" size="sm">
              {t(`questions:logic.kinds.${condition.kind}`)}
            </Badge>
          </div>
          <Tooltip label={t("questions:logic.delete", { n })}>
            <ActionIcon
              variant="subtle"
              color="red.8"
              size="lg"
              aria-label={t("questions:logic.delete", { n })}
              onClick={() => void context.writes.deleteCondition(condition)}
            >
              <TrashIcon />
            </ActionIcon>
          </Tooltip>
        </Group>
        <ConditionFields
          kind={condition.kind}
          ref={ref}
          refAnswers={context.answersOf.get(ref.id) ?? []}
          values={condition}
          onChange={(patch) => {
            setRefusal(null);
            const result = context.writes.patchCondition(condition, patch);
            void result.then((outcome) => {
              if (!outcome.ok) setRefusal(errorMessage(outcome.error, t));
            });
            return result;
          }}
        />
        {refusal ? (
          <Text size="sm" c="red.8" role="alert" data-testid="condition-refusal">
            {refusal}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Adding a condition: an earlier question that supports one, its kind, then the values. */
function NewCondition({
  question,
  earlier,
  context,
}: {
  question: Question;
  earlier: readonly Question[];
  context: LogicContext;
}) {
  const { t } = useTranslation();
  const [refId, setRefId] = useState<number | null>(null);
  const [kind, setKind] = useState<ConditionKind | null>(null);
  const [values, setValues] = useState<ConditionValues>(defaultValues);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const ref = earlier.find((candidate) => candidate.id === refId) ?? null;
  const kinds = ref ? supportedConditionKinds(ref) : [];
  const untitled = t("questions:list.untitled");
  const reset = () => {
    setRefId(null);
    setKind(null);
    setValues(defaultValues);
  };
  const body =
    ref && kind ? { question: question.id, ref_question: ref.id, kind, ...values } : null;
  // Ready once the contract's shape rule holds (answers chosen, both bounds given…).
  const ready = body !== null && questionConditionCreateSchema.safeParse(body).success;
  const add = async () => {
    if (!body) return;
    setSaving(true);
    setRefusal(null);
    const result = await context.writes.addCondition(body);
    setSaving(false);
    if (result.ok) reset();
    else setRefusal(errorMessage(result.error, t));
  };
  return (
    <Paper withBorder p="sm" radius="md" bg="gray.0" data-testid="new-condition">
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label={t("questions:logic.refQuestion")}
            placeholder={t("questions:logic.chooseQuestion")}
            data={earlier.map((candidate) => ({
              value: String(candidate.id),
              label: questionLabel(context.questions, candidate.id, untitled),
            }))}
            value={refId === null ? null : String(refId)}
            data-testid="condition-ref"
            onChange={(value) => {
              const next = earlier.find((candidate) => String(candidate.id) === value) ?? null;
              setRefId(next?.id ?? null);
              setKind(next ? (supportedConditionKinds(next)[0] ?? null) : null);
              setValues(defaultValues);
              setRefusal(null);
            }}
          />
          {ref ? (
            <Select
              label={t("questions:logic.kind")}
              data={kinds.map((value) => ({ value, label: t(`questions:logic.kinds.${value}`) }))}
              value={kind}
              allowDeselect={false}
              data-testid="condition-kind"
              onChange={(value) => {
                setKind(kinds.find((candidate) => candidate === value) ?? null);
                setValues(defaultValues);
              }}
            />
          ) : null}
        </SimpleGrid>
        {ref && kind ? (
          <ConditionFields
            kind={kind}
            ref={ref}
            refAnswers={context.answersOf.get(ref.id) ?? []}
            values={values}
            onChange={(patch) => {
              setValues((current) => ({ ...current, ...patch }));
              setRefusal(null);
              return undefined;
            }}
          />
        ) : null}
        {refusal ? (
          <Text size="sm" c="red.8" role="alert" data-testid="condition-refusal">
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
            {t("questions:logic.add")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The conditions of one question (not the first): all or any, the list, and a new one. */
function QuestionLogic({
  quizId,
  question,
  position,
  context,
}: {
  quizId: number;
  question: Question;
  position: number;
  context: LogicContext;
}) {
  const { t } = useTranslation();
  const conditions = useConditions(quizId, question.id);
  const list = conditions.data ?? [];
  const earlier = context.questions
    .slice(0, position - 1)
    .filter((candidate) => supportedConditionKinds(candidate).length > 0);
  const label = t("questions:logic.match");
  return (
    <Stack gap="sm">
      {list.length > 1 ? (
        <Group gap="sm">
          <Text size="sm" id={`match-${question.id}`}>
            {label}
          </Text>
          <SegmentedControl
            aria-labelledby={`match-${question.id}`}
            data={[
              { value: "all", label: t("questions:logic.all") },
              { value: "any", label: t("questions:logic.any") },
            ]}
            value={configValue(question, "conditions_match")}
            data-testid="conditions-match"
            onChange={(value) =>
              void context.writes.patchConfig(
                question,
                { conditions_match: value === "any" ? "any" : "all" },
                label,
              )
            }
          />
        </Group>
      ) : null}
      {conditions.isPending ? (
        <Loader size="sm" role="status" aria-label={t("questions:logic.loading")} />
      ) : null}
      {list.length === 0 && !conditions.isPending ? (
        <Text size="sm" c="dimmed">
          {t("questions:logic.always")}
        </Text>
      ) : null}
      {list.map((condition, index) => (
        <ConditionRow key={condition.id} condition={condition} n={index + 1} context={context} />
      ))}
      {earlier.length > 0 ? (
        <NewCondition question={question} earlier={earlier} context={context} />
      ) : (
        <Text size="sm" c="dimmed">
          {t("questions:logic.noEarlier")}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Logic setup: per question, the conditions on earlier questions that decide whether it
 * is shown. The first question has none; questions whose type supports no condition kind
 * (engine's supportedConditionKinds) are not offered.
 */
export function LogicSetup({ quizId }: { quizId: number }) {
  const { t } = useTranslation();
  const list = useQuestionList(quizId);
  const writes = useQuestionWrites(quizId);
  const questions = list.data ?? [];
  const answersOf = useAnswersOf(
    questions.filter((question) => hasAnswers(question.type)).map((question) => question.id),
  );
  if (list.isError) return <Alert color="red">{errorMessage(list.error, t)}</Alert>;
  if (list.isPending) return <Loader role="status" aria-label={t("questions:list.loading")} />;
  const context: LogicContext = { questions, answersOf, writes };
  const untitled = t("questions:list.untitled");
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          {t("questions:logic.heading")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("questions:logic.intro")}
        </Text>
      </div>
      {questions.length === 0 ? <Text c="dimmed">{t("questions:list.empty")}</Text> : null}
      {questions.map((question, index) => (
        <Paper
          key={question.id}
          withBorder
          radius="md"
          p="md"
          data-testid={`logic-question-${index + 1}`}
        >
          <Stack gap="sm">
            <Title order={3} size="h4">
              {questionLabel(questions, question.id, untitled)}
            </Title>
            {index === 0 ? (
              <Text size="sm" c="dimmed">
                {t("validation:condition_on_first_question")}
              </Text>
            ) : (
              <QuestionLogic
                quizId={quizId}
                question={question}
                position={index + 1}
                context={context}
              />
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
