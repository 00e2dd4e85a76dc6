import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { Alert, Button, Group, Loader, Menu, Stack, Text, Title } from "@mantine/core";
import { startTransition, useEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/shared/api/error-message";
import { ConfirmDialog } from "@/shared/ui/confirm-dialog";
import { type Question, useQuestionList } from "../api/question-queries";
import { type QuestionWrites, useQuestionWrites } from "../api/question-writes";
import { PlusIcon } from "../icons";
import { preloadQuestionParts } from "../lazy-parts";
import { questionTypes, typeKey } from "../question-types";
import { DeleteQuestionDialog } from "./delete-question-dialog";
import { QUESTION_DND_ID, QuestionCard, type QuestionCardActions } from "./question-card";

/**
 * How long after the list is shown its cards bind to dnd-kit in idle time (unless a handle is
 * focused, hovered or pressed first): 50 sortable items and the re-render their registration
 * causes were a large part of the list's first render, and the owner's first click usually
 * comes within this (docs/editor.md "Start time").
 */
const ARM_AFTER_MS = 2000;

/**
 * The sensors' options, made once: dnd-kit memoises a sensor on its options object, and a
 * new sensor gives every sortable new listeners. Written inline, each render of the list
 * (every write: its optimistic change, then the quiz's re-read) re-rendered all 50 cards
 * through their bindings (docs/editor.md "Typing in a long quiz").
 */
const POINTER_SENSOR = { activationConstraint: { distance: 6 } };
const KEYBOARD_SENSOR = { coordinateGetter: sortableKeyboardCoordinates };

/** The "Add question" menu: the seven types, each with a line saying what it asks. */
function AddQuestionMenu({ onAdd }: { onAdd: (type: Question["type"]) => void }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-start" width={300} withinPortal>
      <Menu.Target>
        <Button leftSection={<PlusIcon />} data-testid="add-question">
          {t("questions:list.add")}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("questions:list.chooseType")}</Menu.Label>
        {questionTypes.map((type) => (
          <Menu.Item key={type} onClick={() => onAdd(type)} data-testid={`add-type-${type}`}>
            <Text size="sm" fw={600}>
              {t(`questions:types.${typeKey(type)}.name`)}
            </Text>
            <Text size="xs" c="dimmed">
              {t(`questions:types.${typeKey(type)}.hint`)}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** What dnd-kit says to screen readers while a question is moved, in the interface language. */
function useAnnouncements(questions: readonly Question[]): Announcements {
  const { t } = useTranslation();
  const place = (id: string | number | undefined) =>
    questions.findIndex((question) => question.id === id) + 1;
  return {
    onDragStart: ({ active }) => t("questions:dnd.picked", { n: place(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t("questions:dnd.over", { n: place(active.id), to: place(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t("questions:dnd.dropped", { n: place(active.id), to: place(over.id) }) : undefined,
    onDragCancel: ({ active }) => t("questions:dnd.cancelled", { n: place(active.id) }),
  };
}

/**
 * The question list: add (choose a type), open one to edit, copy, delete (asks first) and
 * reorder by dragging or with the keyboard (the handle: Space, arrows, Space; or the
 * menu's move up and down). A move asks first: conditions that would then look forward
 * are deleted by the server (docs/editor.md "Questions and logic").
 */
export function QuestionList({
  quizId,
  opened,
  onOpenedChange,
}: {
  quizId: number;
  /** The open cards (kept by the page, so switching sub-tabs keeps them open). */
  opened: ReadonlySet<number>;
  onOpenedChange: (update: (current: ReadonlySet<number>) => ReadonlySet<number>) => void;
}) {
  const { t } = useTranslation();
  const list = useQuestionList(quizId);
  const writes = useQuestionWrites(quizId);
  const [move, setMove] = useState<{ question: Question; to: number } | null>(null);
  const [removing, setRemoving] = useState<Question | null>(null);
  const [added, setAdded] = useState<number | null>(null);
  const questions = list.data ?? [];
  const { armed, arm } = useArming(list.isSuccess);
  const announcements = useAnnouncements(questions);
  const sensors = useSensors(
    useSensor(PointerSensor, POINTER_SENSOR),
    useSensor(KeyboardSensor, KEYBOARD_SENSOR),
  );

  const toggle = (id: number, open?: boolean) =>
    onOpenedChange((current) => {
      const next = new Set(current);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });
  const latest = useRef({ toggle, writes, arm });
  latest.current = { toggle, writes, arm };
  // The same functions on every render, so a card whose question did not change is not
  // rendered again when another one is edited (docs/editor.md "Start time").
  const actions = useMemo<QuestionCardActions>(
    () => ({
      onToggle: (question) => latest.current.toggle(question.id),
      onCopy: (question) => void latest.current.writes.copyQuestion(question),
      onMove: (question, to) => setMove({ question, to }),
      onDelete: (question) => setRemoving(question),
      onArm: () => latest.current.arm(),
    }),
    [],
  );
  const idKey = questions.map((question) => question.id).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids change only with idKey.
  const ids = useMemo(() => questions.map((question) => question.id), [idKey]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const question = questions.find((q) => q.id === active.id);
    const to = questions.findIndex((q) => q.id === over.id) + 1;
    if (question && to > 0) setMove({ question, to });
  };

  const add = async (type: Question["type"]) => {
    const result = await writes.addQuestion({ type });
    if (result.ok) {
      setAdded(result.value.id);
      toggle(result.value.id, true);
    }
  };

  if (list.isError) {
    return <Alert color="red">{errorMessage(list.error, t)}</Alert>;
  }
  if (list.isPending) return <Loader role="status" aria-label={t("questions:list.loading")} />;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t("questions:list.title", { count: questions.length })}
        </Title>
        <AddQuestionMenu onAdd={(type) => void add(type)} />
      </Group>
      {questions.length === 0 ? (
        <Text c="dimmed" data-testid="questions-empty">
          {t("questions:list.empty")}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t("questions:list.reorderHint")}
        </Text>
      )}
      <DndContext
        id={QUESTION_DND_ID}
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t("questions:dnd.instructions") },
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <Stack gap="xs" data-testid="question-list">
            {questions.map((question, index) => (
              <QuestionCard
                key={question.id}
                quizId={quizId}
                question={question}
                position={index + 1}
                count={questions.length}
                opened={opened.has(question.id)}
                focusTitle={added === question.id}
                armed={armed}
                writes={writes}
                actions={actions}
                t={t}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      <MoveAndDeleteDialogs
        quizId={quizId}
        questions={questions}
        move={move}
        onMoveClose={() => setMove(null)}
        removing={removing}
        onRemovingClose={() => setRemoving(null)}
        writes={writes}
      />
    </Stack>
  );
}

/**
 * Binds the cards' drag handles (docs/editor.md "Start time"): once the list is on screen,
 * the card editor's parts load behind it, and the handles bind when the browser is idle, or
 * at once (`arm`) when one is about to be used, so its keys and drags work.
 */
function useArming(shown: boolean) {
  const [armed, setArmed] = useState(false);
  // The list is on screen: load the card editor, start page and logic setup behind it.
  useEffect(() => {
    if (shown) preloadQuestionParts();
  }, [shown]);
  useEffect(() => {
    if (!shown || armed) return;
    let idle: number | undefined;
    const bind = () => startTransition(() => setArmed(true));
    const timer = window.setTimeout(() => {
      if (typeof window.requestIdleCallback !== "function") bind();
      else idle = window.requestIdleCallback(bind, { timeout: 1000 });
    }, ARM_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [shown, armed]);
  const arm = () => {
    if (!armed) flushSync(() => setArmed(true));
  };
  return { armed, arm };
}

/** The confirmations of a move (conditions may be lost) and of a delete. */
function MoveAndDeleteDialogs({
  quizId,
  questions,
  move,
  onMoveClose,
  removing,
  onRemovingClose,
  writes,
}: {
  quizId: number;
  questions: readonly Question[];
  move: { question: Question; to: number } | null;
  onMoveClose: () => void;
  removing: Question | null;
  onRemovingClose: () => void;
  writes: QuestionWrites;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ConfirmDialog
        opened={move !== null}
        title={t("questions:confirm.moveTitle")}
        message={t("questions:confirm.moveText", {
          n: move ? questions.indexOf(move.question) + 1 : 0,
          to: move?.to ?? 0,
        })}
        confirmLabel={t("questions:confirm.moveOk")}
        onClose={onMoveClose}
        onConfirm={() => {
          if (move) void writes.moveQuestion(move.question, move.to);
          onMoveClose();
        }}
      />
      <DeleteQuestionDialog
        quizId={quizId}
        removing={removing}
        onClose={onRemovingClose}
        writes={writes}
      />
    </>
  );
}
