import { Loader, Menu, Paper } from "@mantine/core";
import type { TFunction } from "i18next";
import { memo, useState } from "react";
import type { Question } from "../api/question-queries";
import type { QuestionWrites } from "../api/question-writes";
import { ChevronIcon, GripIcon } from "../icons";
import { QuestionEditor } from "../lazy-parts";
import { typeKey } from "../question-types";
import classes from "./question-card.module.css";
import { type CardDrag, SortableBinding } from "./sortable-binding";

/**
 * The id of the list's DndContext, which dnd-kit also gives its hidden drag instructions: an
 * unarmed handle names them like an armed one (aria-describedby).
 */
export const QUESTION_DND_ID = "question-list-dnd";

/** The handle's attributes before the list is armed: those dnd-kit gives it (not dragging). */
const unarmedHandle = {
  role: "button",
  tabIndex: 0,
  "aria-disabled": false,
  "aria-roledescription": "sortable",
  "aria-describedby": QUESTION_DND_ID,
} as const;

/** What a card asks of the list; the same functions for every card (the cards are memoised). */
export interface QuestionCardActions {
  onToggle: (question: Question) => void;
  onCopy: (question: Question) => void;
  onMove: (question: Question, position: number) => void;
  onDelete: (question: Question) => void;
  /** Arms the list for dragging now: a handle is about to be used (question-list.tsx). */
  onArm: () => void;
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
  /** The list is ready for dragging: the card binds itself to dnd-kit. */
  armed: boolean;
  writes: QuestionWrites;
  actions: QuestionCardActions;
  /**
   * The list's translation function: one useTranslation for the list, not two per card
   * (each binds its own language listener; with 50 cards a visible part of the first
   * render, docs/editor.md "Start time"). A new language gives a new `t`, and so a new render.
   */
  t: TFunction;
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
  t,
}: Pick<CardProps, "question" | "position" | "count" | "actions" | "t">) {
  const [opened, setOpened] = useState(false);
  const [mounted, setMounted] = useState(false);
  const button = (
    <button
      type="button"
      className={`mantine-focus-auto ${classes.iconButton}`}
      aria-label={t("questions:list.actions", { n: position })}
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
    >
      <span aria-hidden className={classes.dots}>
        ⋯
      </span>
    </button>
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
 * The collapsed row is plain elements styled by classes with the theme's variables
 * (question-card.module.css; Mantine's Paper, Badge, Text and ActionIcon looked the same but
 * cost most of the 50-card list's first render: docs/editor.md "Start time").
 * `mantine-focus-auto` is Mantine's focus ring.
 */
export const QuestionCard = memo(function QuestionCard({
  quizId,
  question,
  position,
  count,
  opened,
  focusTitle,
  armed,
  writes,
  actions,
  t,
}: CardProps) {
  const [drag, setDrag] = useState<CardDrag | null>(null);
  const title = question.title || t("questions:list.untitled");
  const bodyId = `question-${question.id}-body`;
  return (
    <div
      ref={drag?.setNodeRef}
      data-testid={`question-${position}`}
      className={classes.card}
      // Only what dragging changes is inline (dnd-kit's transform and transition).
      style={
        drag
          ? {
              boxShadow: drag.isDragging ? "var(--mantine-shadow-md)" : undefined,
              transform: drag.transform,
              transition: drag.transition,
              zIndex: drag.isDragging ? 2 : undefined,
            }
          : undefined
      }
    >
      {armed ? <SortableBinding id={question.id} onChange={setDrag} /> : null}
      <div className={classes.row}>
        <button
          type="button"
          className={`mantine-focus-auto ${classes.iconButton} ${classes.handle}`}
          aria-label={t("questions:list.dragHandle", { n: position, title })}
          data-testid="drag-handle"
          {...(drag
            ? { ...drag.attributes, ...drag.listeners }
            : {
                ...unarmedHandle,
                onFocus: actions.onArm,
                onPointerEnter: actions.onArm,
                onPointerDown: actions.onArm,
              })}
        >
          <GripIcon />
        </button>
        <button
          type="button"
          className={`mantine-focus-auto ${classes.toggle}`}
          onClick={() => actions.onToggle(question)}
          aria-expanded={opened}
          aria-controls={bodyId}
          data-testid="question-toggle"
        >
          <span className={classes.badge}>{position}</span>
          <span className={classes.text}>
            <span className={classes.title}>{title}</span>
            <span className={classes.type}>
              {t(`questions:types.${typeKey(question.type)}.name`)}
              {question.required ? ` · ${t("questions:list.requiredMark")}` : ""}
            </span>
          </span>
          <ChevronIcon open={opened} />
        </button>
        <QuestionMenu
          question={question}
          position={position}
          count={count}
          actions={actions}
          t={t}
        />
      </div>
      <div id={bodyId}>
        {/* Only an opened card mounts its body (no Collapse per card: 50 transitions). */}
        {opened ? (
          <Paper p="md" pt={0} bg="transparent">
            <QuestionEditor
              quizId={quizId}
              question={question}
              writes={writes}
              focusTitle={focusTitle}
              fallback={<Loader size="sm" role="status" aria-label={t("common:loading")} />}
            />
          </Paper>
        ) : null}
      </div>
    </div>
  );
});
