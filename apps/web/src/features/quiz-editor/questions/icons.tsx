import type { ReactNode } from "react";

/** A 24-unit stroke icon, hidden from assistive technology (its control carries the name). */
function StrokeIcon({ children, size = 18 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function TrashIcon() {
  return (
    <StrokeIcon>
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />
    </StrokeIcon>
  );
}

export function GripIcon() {
  return (
    <StrokeIcon>
      <path d="M9 5h.01M9 12h.01M9 19h.01M15 5h.01M15 12h.01M15 19h.01" />
    </StrokeIcon>
  );
}

export function ChevronIcon({ open }: { open: boolean }) {
  return (
    <StrokeIcon>
      <path d={open ? "m6 15 6-6 6 6" : "m6 9 6 6 6-6"} />
    </StrokeIcon>
  );
}

export function PlusIcon() {
  return (
    <StrokeIcon>
      <path d="M12 5v14M5 12h14" />
    </StrokeIcon>
  );
}
