import { Button, type ButtonProps } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

interface CopyTextButtonProps extends Omit<ButtonProps, "children" | "onClick"> {
  text: string;
  /** What the button says before copying (default "Copy link"). */
  label?: string;
  "aria-label"?: string;
  "data-testid"?: string;
}

/**
 * Copies `text`; says "Copied" for two seconds, or "Could not copy text!" when refused.
 * It does not shrink in a row: beside a long link the link gives way, not the button's
 * label (which was cut to "Копіюва…" on a phone).
 */
export function CopyTextButton({ text, label, ...props }: CopyTextButtonProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      size="xs"
      variant={copied ? "filled" : "light"}
      {...(copied ? { color: "teal.9" } : {})}
      style={{ flexShrink: 0 }}
      {...props}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
        } catch {
          notifications.show({ color: "red", message: t("dashboard:quiz.copyFailed") });
        }
      }}
    >
      <span aria-live="polite">
        {copied ? t("dashboard:quiz.linkCopied") : (label ?? t("dashboard:quiz.copyLink"))}
      </span>
    </Button>
  );
}
