import { Modal, type ModalProps } from "@mantine/core";
import { useLayoutEffect, useRef } from "react";
import { useMountOnOpen } from "./mount-on-open";

/**
 * Where focus goes back when a dialog closes: what had it when the dialog opened — or, when
 * that was an item of a menu (the menu closes as the dialog opens, and its item is gone), the
 * button that opened the menu (a Mantine menu is labelled by its target's id).
 */
function focusOrigin(active: Element | null): HTMLElement | null {
  const menu = active?.closest('[role="menu"]');
  const targetId = menu?.getAttribute("aria-labelledby");
  const target = targetId ? document.getElementById(targetId) : null;
  if (target) return target;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * The app's dialog: Mantine's Modal (focus trapped inside, Escape closes) that gives focus
 * back to what opened it when it closes, even when a menu item opened it. Its Modal is
 * mounted when it is first opened (`useMountOnOpen`), not with the page.
 */
export function DialogModal({ opened, onExitTransitionEnd, ...props }: ModalProps) {
  const origin = useRef<HTMLElement | null>(null);
  // Where focus was when the caller opened it, not a task later when the Modal opens.
  useLayoutEffect(() => {
    if (opened) origin.current = focusOrigin(document.activeElement);
  }, [opened]);
  const modal = useMountOnOpen(opened);
  if (!modal.mounted) return null;
  return (
    <Modal
      {...props}
      opened={modal.opened}
      returnFocus={false}
      onExitTransitionEnd={() => {
        onExitTransitionEnd?.();
        if (origin.current?.isConnected) origin.current.focus();
        origin.current = null;
      }}
    />
  );
}
