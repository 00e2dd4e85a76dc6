import { ActionIcon, type ActionIconProps } from "@mantine/core";
import type { Ref } from "react";

interface MoreActionsButtonProps extends ActionIconProps {
  /** What the button opens, for screen readers ("Actions of quiz …"). */
  label: string;
  ref?: Ref<HTMLButtonElement>;
  "data-testid"?: string;
}

/** The "⋯" button that opens a menu of actions (a Menu.Target child). */
export function MoreActionsButton({ label, ...props }: MoreActionsButtonProps) {
  return (
    <ActionIcon variant="subtle" color="gray.8" size="lg" aria-label={label} {...props}>
      <span aria-hidden style={{ fontSize: 22, lineHeight: 1 }}>
        ⋯
      </span>
    </ActionIcon>
  );
}
