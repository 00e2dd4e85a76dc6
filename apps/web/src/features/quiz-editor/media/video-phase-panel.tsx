import type { VideoCompressTask } from "@leadquiz/contract";
import { Alert, Group, Progress, Stack, Text, ThemeIcon } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type VideoPhase, videoPhaseOf } from "./video-tasks";

const steps = ["upload", "compression", "optimisation", "ready"] as const;

/** The index of the step a phase is at (the upload is behind every server phase). */
function stepIndex(phase: VideoPhase["phase"]): number {
  switch (phase) {
    case "queued":
    case "compressing":
      return 1;
    case "optimising":
      return 2;
    case "ready":
      return 3;
    case "failed":
      return 1;
  }
}

/**
 * Where an uploaded video stands on the server: the steps upload → compression →
 * optimisation → ready, the current one's progress, and what the owner waits for.
 */
export function VideoPhasePanel({ task }: { task: VideoCompressTask }) {
  const { t } = useTranslation();
  const phase = videoPhaseOf(task);
  if (phase.phase === "failed") {
    return (
      <Alert color="orange" title={t("results:media.video.failedTitle")} data-testid="video-phase">
        {t("results:media.video.failed", {
          reason: phase.error ?? t("results:media.video.unknownReason"),
        })}
      </Alert>
    );
  }
  const current = stepIndex(phase.phase);
  return (
    <Stack gap={6} data-testid="video-phase" data-phase={phase.phase}>
      <Group
        gap="xs"
        wrap="wrap"
        component="ol"
        style={{ listStyle: "none", padding: 0, margin: 0 }}
      >
        {steps.map((step, index) => (
          <Group key={step} gap={4} component="li" wrap="nowrap">
            <ThemeIcon
              size="xs"
              radius="xl"
              color={
                index < current || phase.phase === "ready"
                  ? "teal"
                  : index === current
                    ? "blue"
                    : "gray"
              }
              aria-hidden
            >
              <span style={{ fontSize: 9 }}>{index + 1}</span>
            </ThemeIcon>
            <Text
              size="xs"
              fw={index === current ? 600 : 400}
              aria-current={index === current ? "step" : undefined}
            >
              {t(`results:media.video.steps.${step}`)}
            </Text>
          </Group>
        ))}
      </Group>
      {phase.phase !== "ready" && (
        <Progress
          value={phase.phase === "queued" ? 0 : phase.progress}
          animated
          aria-label={t(`results:media.video.steps.${steps[current] ?? "compression"}`)}
        />
      )}
      <Text size="xs" aria-live="polite" data-testid="video-phase-text">
        {t(`results:media.video.${phase.phase}`, { percent: phase.progress })}
      </Text>
    </Stack>
  );
}
