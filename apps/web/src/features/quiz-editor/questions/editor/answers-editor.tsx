import { ANSWER_TEXT_MAX_LENGTH } from "@leadquiz/contract";
import { ANSWERS_MAX, ANSWERS_MIN, questionTypeTraits } from "@leadquiz/engine";
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { MediaField } from "../../media/media-field";
import { mediaTargets } from "../../media/media-target";
import { cacheUpdate } from "../../state/editor-writes";
import { type Answer, questionKeys, useAnswers } from "../api/question-queries";
import type { QuestionWrites } from "../api/question-writes";
import { CommittedNumberField, CommittedTextField } from "../fields/committed-fields";
import { TrashIcon } from "../icons";
import type { QuestionPartProps } from "./part-props";

function AnswerRow({
  quizId,
  answer,
  index,
  canDelete,
  withImage,
  writes,
}: {
  quizId: number;
  answer: Answer;
  index: number;
  canDelete: boolean;
  /** List and Cards show answer images (Select does not). */
  withImage: boolean;
  writes: QuestionWrites;
}) {
  const { t } = useTranslation();
  const n = index + 1;
  const answersKey = questionKeys.answers(answer.question);
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`answer-${n}`}>
      <Stack gap="xs">
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <div style={{ flex: 1, minWidth: 0 }}>
            <CommittedTextField
              label={t("questions:answers.text", { n })}
              value={answer.text}
              maxLength={ANSWER_TEXT_MAX_LENGTH}
              serverField="text"
              testId={`answer-${n}-text`}
              onCommit={(text) =>
                writes.patchAnswer(answer, { text }, t("questions:answers.textLabel"))
              }
            />
          </div>
          <Tooltip
            label={
              canDelete
                ? t("questions:answers.delete", { n })
                : t("questions:answers.min", { min: ANSWERS_MIN })
            }
          >
            <ActionIcon
              variant="subtle"
              color="red.8"
              size="input-sm"
              aria-label={t("questions:answers.delete", { n })}
              disabled={!canDelete}
              onClick={() => void writes.deleteAnswer(answer)}
            >
              <TrashIcon />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group align="center" gap="lg">
          <div style={{ width: "8rem" }}>
            <CommittedNumberField
              label={t("questions:answers.points")}
              value={answer.points}
              serverField="points"
              testId={`answer-${n}-points`}
              onCommit={(points) =>
                writes.patchAnswer(answer, { points }, t("questions:answers.points"))
              }
            />
          </div>
          <Checkbox
            mt="lg"
            label={t("questions:answers.correct")}
            checked={answer.is_right}
            data-testid={`answer-${n}-correct`}
            onChange={(event) =>
              void writes.patchAnswer(
                answer,
                { is_right: event.currentTarget.checked },
                t("questions:answers.correct"),
              )
            }
          />
        </Group>
        {withImage ? (
          <MediaField
            label={t("questions:answers.image", { n })}
            value={answer.image}
            target={mediaTargets.answerImage(answer.id)}
            quizId={quizId}
            accept="image"
            refresh={[answersKey]}
            removeOptimistic={[
              cacheUpdate<Answer[]>(answersKey, (list) =>
                list.map((a) => (a.id === answer.id ? { ...a, image: null } : a)),
              ),
            ]}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The answers of a choice question: 2 to 10, each with a text, points and a right flag. */
export function AnswersEditor({ quizId, question, writes }: QuestionPartProps) {
  const { t } = useTranslation();
  const answers = useAnswers(question.id);
  const list = answers.data ?? [];
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={4} size="h5">
          {t("questions:answers.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("questions:answers.limits", { min: ANSWERS_MIN, max: ANSWERS_MAX })}
        </Text>
      </Group>
      {answers.isPending ? (
        <Loader size="sm" role="status" aria-label={t("questions:answers.loading")} />
      ) : null}
      {list.map((answer, index) => (
        <AnswerRow
          key={answer.id}
          quizId={quizId}
          withImage={questionTypeTraits[question.type].answerImages}
          answer={answer}
          index={index}
          canDelete={list.length > ANSWERS_MIN}
          writes={writes}
        />
      ))}
      <Button
        variant="light"
        disabled={list.length >= ANSWERS_MAX || answers.isPending}
        onClick={() => void writes.addAnswer(question.id)}
        data-testid="add-answer"
        style={{ alignSelf: "flex-start" }}
      >
        {t("questions:answers.add")}
      </Button>
    </Stack>
  );
}
