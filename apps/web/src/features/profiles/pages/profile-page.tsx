import { AVATAR_MAX_MB, CERTIFICATE_MAX_MB, type Profile } from "@leadquiz/contract";
import { Anchor, Badge, Group, Stack, Switch, Text, Title, VisuallyHidden } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorMessage } from "@/shared/api/error-message";
import { useVisitorUrl } from "@/shared/api/public-settings";
import { paths } from "@/shared/routing/paths";
import { CopyTextButton } from "@/shared/ui/copy-text-button";
import { Section } from "@/shared/ui/section";
import { useUpdateProfile } from "../api/profile-api";
import { WithProfile } from "../components/page-parts";
import { ProfileAboutForm } from "../components/profile-about-form";
import { ProfileFileSlot } from "../components/profile-file-slot";

/** The switch that makes the profile public, and then its page's address with a copy button. */
function PublicSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const errorId = useId();
  const hintId = useId();
  const [error, setError] = useState<string | null>(null);
  // On the visitor origin (docs/adr/0016-visitor-origin.md), never this app's.
  const visitorUrl = useVisitorUrl();
  const publicUrl = visitorUrl && `${visitorUrl}${paths.publicProfile(profile.slug)}`;

  const toggle = (next: boolean) => {
    setError(null);
    update.mutate(
      { kind: "fields", patch: { is_public: next } },
      {
        onSuccess: (saved) =>
          notifications.show({
            color: "green",
            message: t(
              saved.is_public
                ? "courses:profile.public.madePublic"
                : "courses:profile.public.madePrivate",
            ),
          }),
        onError: (failure) => setError(errorMessage(failure, t)),
      },
    );
  };

  return (
    <Stack gap="sm">
      <Switch
        size="md"
        checked={
          update.isPending
            ? Boolean(update.variables?.kind === "fields" && update.variables.patch.is_public)
            : profile.is_public
        }
        onChange={(event) => toggle(event.currentTarget.checked)}
        disabled={update.isPending}
        label={t("courses:profile.public.switch")}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        data-testid="profile-public"
      />
      <Text size="sm" c="dimmed" id={hintId}>
        {t(
          profile.is_public
            ? "courses:profile.public.publicHint"
            : "courses:profile.public.privateHint",
        )}
      </Text>
      {error ? (
        <Text size="sm" c="red.8" role="alert" id={errorId}>
          {error}
        </Text>
      ) : null}
      {profile.is_public && publicUrl ? (
        <Stack gap={6} data-testid="profile-public-link">
          <Text size="sm" fw={600}>
            {t("courses:profile.public.link")}
          </Text>
          <Group gap="sm" wrap="wrap">
            <Anchor
              href={publicUrl}
              target="_blank"
              rel="noopener"
              style={{ overflowWrap: "anywhere" }}
              data-testid="profile-public-url"
            >
              {publicUrl}
              <VisuallyHidden> {t("courses:profile.public.opensInNewTab")}</VisuallyHidden>
            </Anchor>
            <CopyTextButton text={publicUrl} data-testid="profile-public-copy" />
          </Group>
        </Stack>
      ) : null}
      <Group gap="xs">
        <Badge variant="light" c="dark.7" data-testid="profile-score">
          {t("courses:profile.public.score", { score: profile.score })}
        </Badge>
      </Group>
    </Stack>
  );
}

/** /courses/profile: the specialist profile — public switch, photo, texts, certificate. */
export function ProfilePage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("courses:profile.title")} · Leadquiz`);

  return (
    <WithProfile>
      {(data) => (
        <Stack gap="lg" maw={820}>
          <Title order={2}>{t("courses:profile.title")}</Title>
          <Text c="dimmed">{t("courses:profile.intro")}</Text>
          <Section title={t("courses:profile.public.title")} testId="profile-public-section">
            <PublicSection profile={data} />
          </Section>
          <Section title={t("courses:profile.photo.title")} testId="profile-photo-section">
            <ProfileFileSlot
              field="avatar"
              value={data.avatar}
              maxMegabytes={AVATAR_MAX_MB}
              texts="photo"
            />
          </Section>
          <Section title={t("courses:profile.about.title")} testId="profile-about-section">
            <ProfileAboutForm profile={data} />
          </Section>
          <Section
            title={t("courses:profile.certificate.title")}
            testId="profile-certificate-section"
          >
            <ProfileFileSlot
              field="certificate"
              value={data.certificate}
              maxMegabytes={CERTIFICATE_MAX_MB}
              texts="certificate"
            />
          </Section>
          <Section title={t("courses:profile.next.title")} testId="profile-next-section">
            <Stack gap="sm" align="flex-start">
              <Text>{t("courses:profile.next.text")}</Text>
              <Group gap="lg">
                <Anchor component={Link} to={paths.coursesPortfolio()} fw={600}>
                  {t("courses:profile.next.portfolio")}
                </Anchor>
                <Anchor component={Link} to={paths.coursesRating()} fw={600}>
                  {t("courses:profile.next.rating")}
                </Anchor>
              </Group>
            </Stack>
          </Section>
        </Stack>
      )}
    </WithProfile>
  );
}
