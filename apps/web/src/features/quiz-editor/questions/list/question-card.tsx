import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Badge, Group, Loader, Menu, Paper, Text, UnstyledButton } from "@mantine/core";
import { memo, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { MoreActionsButton } from "@/shared/ui/more-actions-button";
import type { Question } from "../api/question-queries";
import type { QuestionWrites } from "../api/question-writes";
import { ChevronIcon, GripIcon } from "../icons";
import { QuestionEditor } from "../lazy-parts";
import { typeKey } from "../question-types";

/** What a card asks of the list; the same functions for every card (the cards are memoised). */
export interface QuestionCardActions {
  onToggle: (question: Question) => void;
  onCopy: (question: Question) => void;
  onMove: (question: Question, position: number) => void;
  onDelete: (question: Question) => void;
}

interface CardProps {
  quizId: number;
  question: Question;
  /** 1-based place in the list. */
  position: number;
  count: number;
  opened: boolean;
  /** Just added: its title takes the focus. */
  focusTitle: boolean;
  writes: QuestionWrites;
  actions: QuestionCardActions;
}

/**
 * The card's "⋯" menu. Until it is first opened it is the button alone: a Mantine Menu (a
 * popover with its floating position) for each of 50 cards was much of the list's first
 * render (docs/editor.md "Start time"). The first click mounts the menu, opened.
 */
function QuestionMenu({
  question,
  position,
  count,
  actions,
}: Pick<CardProps, "question" | "position" | "count" | "actions">) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [mounted, setMounted] = useState(false);
  const button = (
    <MoreActionsButton
      label={t("questions:list.actions", { n: position })}
      aria-haspopup="menu"
      data-testid="question-actions"
      {...(mounted
        ? {}
        : {
            onClick: () => {
              setMounted(true);
              setOpened(true);
            },
          })}
    />
  );
  if (!mounted) return button;
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => actions.onCopy(question)} data-testid="question-copy">
          {t("questions:list.copy")}
        </Menu.Item>
        <Menu.Item
          disabled={position === 1}
          onClick={() => actions.onMove(question, position - 1)}
          data-testid="question-move-up"
        >
          {t("questions:list.moveUp")}
        </Menu.Item>
        <Menu.Item
          disabled={position === count}
          onClick={() => actions.onMove(question, position + 1)}
          data-testid="question-move-down"
        >
          {t("questions:list.moveDown")}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red.8"
          onClick={() => actions.onDelete(question)}
          data-testid="question-delete"
        >
          {t("questions:list.delete")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * One question of the list: a drag handle, its number, type and title; opened, its editor.
 * Memoised: a write to one question (a new list in the cache) re-renders only that card.
 */
export const QuestionCard = memo(function QuestionCard({
  quizId,
  question,
  position,
  count,
  opened,
  focusTitle,
  writes,
  actions,
}: CardProps) {
  const { t } = useTranslation();
  const sortable = useSortable({ id: question.id });
  const title = question.title || t("questions:list.untitled");
  const bodyId = `question-${question.id}-body`;
  return (
    <Paper
      ref={sortable.setNodeRef}
      withBorder
      radius="md"
      {...(sortable.isDragging ? { shadow: "md" } : {})}
      data-testid={`question-${position}`}
      style={{
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
        position: "relative",
        zIndex: sortable.isDragging ? 2 : undefined,
      }}
    >
      <Group gap="xs" p="xs" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray.8"
          size="lg"
          style={{ cursor: "grab", touchAction: "none" }}
          aria-label={t("questions:list.dragHandle", { n: position, title })}
          data-testid="drag-handle"
          {...sortable.attributes}
          {...sortable.listeners}
        >
          <GripIcon />
        </ActionIcon>
        <UnstyledButton
          onClick={() => actions.onToggle(question)}
          aria-expanded={opened}
          aria-controls={bodyId}
          data-testid="question-toggle"
          style={{ flex: 1, minWidth: 0 }}
        >
          <Group gap="sm" wrap="nowrap">
            <Badge variant="light" radius="sm" style={{ flexShrink: 0 }}>
              {position}
            </Badge>
            <div style={{ minWidth: 0, flex: 1 }}>
              <Text fw={600} truncate="end">
                {title}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`questions:types.${typeKey(question.type)}.name`)}
                {question.required ? ` · ${t("questions:list.requiredMark")}` : ""}
              </Text>
            </div>
            <ChevronIcon open={opened} />
          </Group>
        </UnstyledButton>
        <QuestionMenu question={question} position={position} count={count} actions={actions} />
      </Group>
      <div id={bodyId}>
        {/* Only an opened card mounts its body (no Collapse per card: 50 transitions). */}
        {opened ? (
          <Paper p="md" pt={0} bg="transparent">
            <Suspense fallback={<Loader size="sm" aria-label={t("common:loading")} />}>
              <QuestionEditor
                quizId={quizId}
                question={question}
                writes={writes}
                focusTitle={focusTitle}
              />
            </Suspense>
          </Paper>
        ) : null}
      </div>
    </Paper>
  );
});
