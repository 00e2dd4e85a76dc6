import { Anchor, Avatar, Button, FileButton, Group, Loader, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { TFunction } from "i18next";
import { type ReactNode, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "@/shared/api/api-error";
import { errorMessage } from "@/shared/api/error-message";
import { type ProfileFileField, useUpdateProfile } from "../api/profile-api";
import { acceptOf, fileProblem } from "./file-rules";

interface ProfileFileSlotProps {
  field: ProfileFileField;
  /** The stored file's address, null when none. */
  value: string | null;
  maxMegabytes: number;
  /** Texts of the slot: `courses:profile.photo` or `courses:profile.certificate`. */
  texts: "photo" | "certificate";
}

/** The server's message for this field of a refused upload, else a general reason. */
function uploadError(error: unknown, field: string, t: TFunction): string {
  if (isApiError(error)) {
    const messages = error.fieldErrors?.[field];
    if (messages && messages.length > 0) return messages.join(" ");
  }
  return errorMessage(error, t);
}

/**
 * A file of the profile (the avatar or the certificate): chosen, checked in the browser,
 * uploaded at once (`PATCH profile/` multipart) with a preview of the chosen picture while
 * it goes; the server's refusal is shown under the slot. The file can be replaced or removed.
 */
export function ProfileFileSlot({ field, value, maxMegabytes, texts }: ProfileFileSlotProps) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const errorId = useId();
  const hintId = useId();
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const accept = field === "avatar" ? "image" : "image-pdf";
  const key = (name: string) => `courses:profile.${texts}.${name}`;

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const upload = (file: File | null) => {
    if (!file) return;
    setError(null);
    const problem = fileProblem(file, accept, maxMegabytes);
    if (problem) {
      setError(t(key(problem), { max: maxMegabytes }));
      return;
    }
    setPreview(file.type.startsWith("image/") ? URL.createObjectURL(file) : null);
    update.mutate(
      { kind: "file", field, file },
      {
        onSuccess: () => {
          setPreview(null);
          notifications.show({ color: "green", message: t(key("saved")) });
        },
        onError: (failure) => {
          setPreview(null);
          setError(uploadError(failure, field, t));
        },
      },
    );
  };

  const remove = () => {
    setError(null);
    update.mutate(
      { kind: "fields", patch: { [field]: null } },
      {
        onSuccess: () => notifications.show({ color: "green", message: t(key("removed")) }),
        onError: (failure) => setError(uploadError(failure, field, t)),
      },
    );
  };

  const shown = preview ?? value;
  const describedBy = error ? `${hintId} ${errorId}` : hintId;
  let picture: ReactNode;
  if (field === "avatar") {
    picture = (
      <Avatar
        src={shown}
        alt={t(key("alt"))}
        size={96}
        radius={48}
        data-testid="profile-avatar"
        data-stored={value ? "yes" : "no"}
      />
    );
  } else {
    picture = value ? (
      <Anchor href={value} target="_blank" rel="noopener noreferrer" data-testid="certificate-link">
        {t(key("open"))}
      </Anchor>
    ) : (
      <Text c="dimmed" size="sm">
        {t(key("none"))}
      </Text>
    );
  }

  return (
    <Stack gap="sm">
      <Group gap="lg" align="center" wrap="wrap">
        {picture}
        <Group gap="xs" wrap="wrap">
          <FileButton onChange={upload} accept={acceptOf(accept)}>
            {(props) => (
              <Button
                {...props}
                variant="light"
                loading={update.isPending}
                aria-describedby={describedBy}
                data-testid={`${field}-upload`}
              >
                {t(key(value ? "replace" : "upload"))}
              </Button>
            )}
          </FileButton>
          {value ? (
            <Button
              variant="subtle"
              color="red"
              c="red.9"
              onClick={remove}
              disabled={update.isPending}
              data-testid={`${field}-remove`}
            >
              {t(key("remove"))}
            </Button>
          ) : null}
        </Group>
      </Group>
      {update.isPending && update.variables?.kind === "file" ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t("courses:profile.photo.uploading")}</Text>
        </Group>
      ) : null}
      <Text size="sm" c="dimmed" id={hintId}>
        {t(key("hint"), { max: maxMegabytes })}
      </Text>
      {error ? (
        <Text size="sm" c="red.8" role="alert" id={errorId} data-testid={`${field}-error`}>
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
