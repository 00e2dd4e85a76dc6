import { supportedConditionKinds } from "@leadquiz/engine";
import {
  ActionIcon,
  Alert,
  Badge,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/shared/api/error-message";
import { ConditionEditor } from "../../conditions/condition-editor";
import { ConditionFields, type ConditionTexts } from "../../conditions/condition-fields";
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

interface LogicContext {
  questions: readonly Question[];
  texts: ConditionTexts;
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
          texts={context.texts}
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

/** Adding a condition to `question`: on an earlier question that supports one. */
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
  const untitled = t("questions:list.untitled");
  return (
    <ConditionEditor
      candidates={earlier}
      questionLabel={(candidate) => questionLabel(context.questions, candidate.id, untitled)}
      answersOf={(id) => context.answersOf.get(id) ?? []}
      texts={context.texts}
      testId="new-condition"
      onAdd={(condition) => context.writes.addCondition({ question: question.id, ...condition })}
      refusalOf={(error) => errorMessage(error, t)}
    />
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
  const texts = useLogicConditionTexts();
  const questions = list.data ?? [];
  const answersOf = useAnswersOf(
    questions.filter((question) => hasAnswers(question.type)).map((question) => question.id),
  );
  if (list.isError) return <Alert color="red">{errorMessage(list.error, t)}</Alert>;
  if (list.isPending) return <Loader role="status" aria-label={t("questions:list.loading")} />;
  const context: LogicContext = { questions, answersOf, writes, texts };
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

/** The question logic's words for the condition editor (questions:logic). */
function useLogicConditionTexts(): ConditionTexts {
  const { t } = useTranslation();
  return {
    question: t("questions:logic.refQuestion"),
    chooseQuestion: t("questions:logic.chooseQuestion"),
    kind: t("questions:logic.kind"),
    kindName: (kind) => t(`questions:logic.kinds.${kind}`),
    include: t("questions:logic.include"),
    included: t("questions:logic.selected"),
    excluded: t("questions:logic.notSelected"),
    answersOperator: t("questions:logic.answersOperator"),
    answersOperatorName: (operator) => t(`questions:logic.answersOperators.${operator}`),
    answers: t("questions:logic.answers"),
    untitledAnswer: (n) => t("questions:logic.answerN", { n }),
    operator: t("questions:logic.operator"),
    numberOperatorName: (operator) => t(`questions:logic.numberOperators.${operator}`),
    rangeOperatorName: (operator) => t(`questions:logic.rangeOperators.${operator}`),
    value: t("questions:logic.value"),
    from: t("questions:logic.from"),
    to: t("questions:logic.to"),
    add: t("questions:logic.add"),
  };
}
