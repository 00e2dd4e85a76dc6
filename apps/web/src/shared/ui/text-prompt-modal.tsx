import { Button, Group, TextInput } from "@mantine/core";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogModal } from "./dialog-modal";

interface TextPromptModalProps {
  opened: boolean;
  title: string;
  label: string;
  initialValue?: string;
  placeholder?: string;
  submitLabel?: string;
  /** A translated error for the value, or null when it may be submitted. */
  validate: (value: string) => string | null;
  onSubmit: (value: string) => void;
  onClose: () => void;
  children?: ReactNode;
  "data-testid"?: string;
}

/**
 * A dialog asking for one text (a name, a site address): focus goes into the field, the
 * error shows under it once something was typed or submitted, Enter submits.
 */
export function TextPromptModal({
  opened,
  title,
  label,
  initialValue = "",
  placeholder,
  submitLabel,
  validate,
  onSubmit,
  onClose,
  children,
  "data-testid": testId,
}: TextPromptModalProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(initialValue);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (opened) {
      setValue(initialValue);
      setTouched(false);
    }
  }, [opened, initialValue]);
  const error = validate(value);
  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      // A menu that opened the dialog takes focus back as it closes: focus the field after.
      onEnterTransitionEnd={() => input.current?.focus()}
      data-testid={testId}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (error === null) onSubmit(value.trim());
        }}
      >
        <TextInput
          label={label}
          value={value}
          placeholder={placeholder}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setTouched(true);
          }}
          error={touched ? error : null}
          aria-invalid={touched && error !== null ? true : undefined}
          ref={input}
          data-autofocus
          data-testid="prompt-input"
        />
        {children}
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t("dashboard:dialog.cancel")}
          </Button>
          <Button type="submit" data-testid="prompt-submit">
            {submitLabel ?? t("dashboard:dialog.save")}
          </Button>
        </Group>
      </form>
    </DialogModal>
  );
}
