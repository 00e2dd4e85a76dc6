import { meetsTextContrast } from "@leadquiz/engine";
import { ColorInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

interface ColorFieldProps {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  /** The colour this one is read on: a warning shows when the pair fails WCAG AA. */
  against?:
    | {
        color: string;
        name: string;
        /** The warning's message key when the generic one does not say where it shows. */
        message?: "design:colors.lowContrastButton" | undefined;
      }
    | undefined;
  testId: string;
}

const COLOR = /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/**
 * A design colour: picked or typed, written when the picker is released or the field left
 * (one undo entry per change, not one per drag step).
 */
export function ColorField({ label, value, onCommit, against, testId }: ColorFieldProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = (next: string) => {
    if (COLOR.test(next) && next !== value) onCommit(next);
  };
  const readable = !against || meetsTextContrast(draft, against.color);
  return (
    <ColorInput
      label={label}
      value={draft}
      format="hex"
      onChange={setDraft}
      onChangeEnd={commit}
      onBlur={() => commit(draft)}
      error={COLOR.test(draft) ? undefined : t("design:colors.invalid")}
      description={
        readable ? undefined : (
          <span role="status" data-testid={`${testId}-contrast`}>
            {t(against?.message ?? "design:colors.lowContrast", { other: against?.name })}
          </span>
        )
      }
      inputWrapperOrder={["label", "input", "description", "error"]}
      popoverProps={{ withinPortal: true }}
      eyeDropperButtonProps={{ "aria-label": t("design:colors.eyeDropper", { field: label }) }}
      data-testid={testId}
    />
  );
}
