import type { DraggableAttributes, DraggableSyntheticListeners } from "@dnd-kit/core";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useLayoutEffect } from "react";

/** What a card takes from dnd-kit once its list is armed for dragging. */
export interface CardDrag {
  setNodeRef: (node: HTMLElement | null) => void;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  transform: string | undefined;
  transition: string | undefined;
  isDragging: boolean;
}

/**
 * A card's sortable item, rendered inside the card (it draws nothing) once the list is armed
 * (question-list.tsx): the card stays mounted, with its open editor and focus, and takes
 * dnd-kit's ref, listeners and transform from `onChange`. Until then a card costs dnd-kit
 * nothing on the list's first render (docs/editor.md "Start time").
 */
export function SortableBinding({
  id,
  onChange,
}: {
  id: number;
  onChange: (drag: CardDrag) => void;
}) {
  const { setNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({
    id,
  });
  const translate = CSS.Translate.toString(transform) ?? undefined;
  useLayoutEffect(() => {
    onChange({ setNodeRef, attributes, listeners, transform: translate, transition, isDragging });
  }, [onChange, setNodeRef, attributes, listeners, translate, transition, isDragging]);
  return null;
}
