import {
  DESCRIPTION_MAX_LENGTH,
  type Question,
  type QuestionType,
  SHORT_TEXT_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from "@leadquiz/contract";
import { Divider, Select, SimpleGrid, Stack, Switch, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AfterFirstPaint } from "@/shared/ui/after-first-render";
import { ConfirmDialog } from "@/shared/ui/confirm-dialog";
import { MediaField } from "../../media/media-field";
import { mediaTargets } from "../../media/media-target";
import { YouTubeLinkField } from "../../media/youtube-link-field";
import { cacheUpdate } from "../../state/editor-writes";
import { questionKeys, usePrefetchAnswers } from "../api/question-queries";
import type { QuestionWrites } from "../api/question-writes";
import { CommittedTextField } from "../fields/committed-fields";
import { hasAnswers, questionTypes, typeKey } from "../question-types";
import { AnswersEditor } from "./answers-editor";
import type { QuestionPartProps } from "./part-props";
import { ImagePositionSelect, QuestionOptions, VideoConsultantSwitch } from "./question-options";

/** The type select: a change asks first, as it discards the answers. */
function TypeSelect({ question, writes }: { question: Question; writes: QuestionWrites }) {
  const { t } = useTranslation();
  const [next, setNext] = useState<QuestionType | null>(null);
  return (
    <>
      <Select
        label={t("questions:editor.type")}
        data={questionTypes.map((type) => ({
          value: String(type),
          label: t(`questions:types.${typeKey(type)}.name`),
        }))}
        value={String(question.type)}
        allowDeselect={false}
        data-testid="question-type"
        onChange={(value) => {
          if (value && Number(value) !== question.type) setNext(Number(value) as QuestionType);
        }}
      />
      <ConfirmDialog
        opened={next !== null}
        title={t("questions:confirm.typeTitle")}
        message={t(
          hasAnswers(question.type)
            ? "questions:confirm.typeText"
            : "questions:confirm.typeTextNoAnswers",
          { type: next ? t(`questions:types.${typeKey(next)}.name`) : "" },
        )}
        confirmLabel={t("questions:confirm.typeOk")}
        danger
        onClose={() => setNext(null)}
        onConfirm={() => {
          if (next) void writes.changeType(question, next);
          setNext(null);
        }}
      />
    </>
  );
}

/**
 * Everything of one question: texts, type, the options of its type, answers, media options.
 * An opened card draws its type, required switch and title first and the fields below them
 * in a deferred render that yields to typing (docs/editor.md "Start time"): the title takes
 * keys at once, and the rest appears under it a moment later without moving it.
 */
export function QuestionEditor({
  quizId,
  question,
  writes,
  focusTitle = false,
}: {
  quizId: number;
  question: Question;
  writes: QuestionWrites;
  /** A question just added: its title takes the focus. */
  focusTitle?: boolean;
}) {
  const { t } = useTranslation();
  usePrefetchAnswers(question.id, hasAnswers(question.type));
  return (
    <Stack gap="md" data-testid="question-editor">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TypeSelect question={question} writes={writes} />
        <Switch
          mt={{ base: 0, sm: 30 }}
          label={t("questions:editor.required")}
          checked={question.required}
          data-testid="question-required"
          onChange={(event) =>
            void writes.patchQuestion(
              question,
              { required: event.currentTarget.checked },
              t("questions:editor.required"),
            )
          }
        />
      </SimpleGrid>
      <CommittedTextField
        label={t("questions:editor.title")}
        value={question.title}
        maxLength={TITLE_MAX_LENGTH}
        serverField="title"
        testId="question-title"
        autoFocus={focusTitle}
        onCommit={(title) => writes.patchQuestion(question, { title }, t("questions:editor.title"))}
      />
      <AfterFirstPaint>
        <QuestionEditorRest quizId={quizId} question={question} writes={writes} />
      </AfterFirstPaint>
    </Stack>
  );
}

/** The fields under the title: description, button, options, answers and media. */
function QuestionEditorRest({ quizId, question, writes }: QuestionPartProps) {
  const { t } = useTranslation();
  const listKey = questionKeys.list(quizId);
  return (
    <>
      <CommittedTextField
        label={t("questions:editor.description")}
        value={question.description}
        maxLength={DESCRIPTION_MAX_LENGTH}
        serverField="description"
        multiline
        testId="question-description"
        onCommit={(description) =>
          writes.patchQuestion(question, { description }, t("questions:editor.description"))
        }
      />
      <CommittedTextField
        label={t("questions:editor.buttonText")}
        description={t("questions:editor.buttonTextHint")}
        value={question.button_text}
        maxLength={SHORT_TEXT_MAX_LENGTH}
        serverField="button_text"
        testId="question-button-text"
        onCommit={(button_text) =>
          writes.patchQuestion(question, { button_text }, t("questions:editor.buttonText"))
        }
      />
      <Divider />
      <Title order={4} size="h5">
        {t("questions:editor.options")}
      </Title>
      <QuestionOptions question={question} writes={writes} />
      {hasAnswers(question.type) ? (
        <>
          <Divider />
          <AnswersEditor quizId={quizId} question={question} writes={writes} />
        </>
      ) : null}
      <Divider />
      <Title order={4} size="h5">
        {t("questions:editor.media")}
      </Title>
      <MediaField
        label={t("questions:editor.image")}
        value={question.media}
        target={mediaTargets.questionMedia(question.id)}
        quizId={quizId}
        refresh={[listKey]}
        removeOptimistic={[
          cacheUpdate<Question[]>(listKey, (list) =>
            list.map((q) => (q.id === question.id ? { ...q, media: null } : q)),
          ),
        ]}
      />
      <ImagePositionSelect question={question} writes={writes} />
      <YouTubeLinkField
        label={t("questions:editor.videoUrl")}
        value={question.video_url ?? ""}
        onCommit={(url) =>
          void writes.patchQuestion(
            question,
            { video_url: url === "" ? null : url },
            t("questions:editor.videoUrl"),
          )
        }
      />
      <VideoConsultantSwitch question={question} writes={writes} />
    </>
  );
}
