import { type Addition, AdditionType, endpoints } from "@leadquiz/contract";
import { Button, Group, Loader, Paper, Select, Stack, Switch, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiClient } from "@/shared/api/services-context";
import { ConfirmDialog } from "@/shared/ui/confirm-dialog";
import { useEditorQuiz } from "../fields/use-editor-quiz";
import { usePatchEdit } from "../fields/use-patch-edit";
import { useUndoableCreate } from "../fields/use-undoable-create";
import { MediaField } from "../media/media-field";
import { mediaTargets } from "../media/media-target";
import { cacheUpdate, useEditorWrites } from "../state/editor-writes";
import { additionsQueryKey, useAdditions } from "./addition-queries";
import { AdditionSettings } from "./addition-settings";

const types = [AdditionType.Bonus, AdditionType.Discount, AdditionType.Consultant] as const;
const displays = ["all_except_start", "contact_only", "all"] as const;

/** `/quiz/{id}/addition`: bonus, discount and consultant (at most one of each). */
export function AdditionsPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("layout:editor.nav.additions")} · Leadquiz`);
  const { quizId } = useEditorQuiz();
  const additions = useAdditions(quizId);
  if (additions.isPending) return <Loader role="status" aria-label={t("results:loading")} />;
  return (
    <Stack gap="md" maw={880} data-testid="additions-page">
      <div>
        <Title order={1} size="h2">
          {t("results:additions.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("results:additions.hint")}
        </Text>
      </div>
      {types.map((type) => (
        <AdditionCard
          key={type}
          quizId={quizId}
          type={type}
          addition={additions.data?.find((addition) => addition.type === type)}
        />
      ))}
    </Stack>
  );
}

function AdditionCard({
  quizId,
  type,
  addition,
}: {
  quizId: number;
  type: AdditionType;
  addition: Addition | undefined;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const { write } = useEditorWrites();
  const createUndoable = useUndoableCreate();
  const patchEdit = usePatchEdit();
  const [confirming, setConfirming] = useState(false);
  const key = additionsQueryKey(quizId);
  const name = t(`results:additions.types.${type}`);

  const create = () =>
    void createUndoable({
      label: t("results:additions.add", { name }),
      create: () => api.call(endpoints.createAddition, { body: { quiz: quizId, type } }),
      remove: (id) => api.call(endpoints.deleteAddition, { params: { id } }),
      refresh: [key],
    });
  const remove = (target: Addition) => {
    setConfirming(false);
    void write({
      send: () => api.call(endpoints.deleteAddition, { params: { id: target.id } }),
      optimistic: [cacheUpdate<Addition[]>(key, (old) => old.filter((a) => a.id !== target.id))],
      refresh: [key],
    });
  };
  const patch = (
    target: Addition,
    label: string,
    next: Record<string, unknown>,
    previous: Record<string, unknown>,
  ) =>
    void patchEdit({
      label: `${name}: ${label}`,
      record: { endpoint: endpoints.updateAddition, id: target.id },
      place: { queryKey: key, kind: "list", id: target.id },
      next,
      previous,
    });

  return (
    <Paper withBorder p="md" radius="md" data-testid={`addition-${type}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Title order={2} size="h4">
              {name}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`results:additions.typeHints.${type}`)}
            </Text>
          </div>
          {addition ? (
            <Group gap="sm">
              <Switch
                label={t("results:additions.enabled")}
                aria-label={t("results:additions.enabledOf", { name })}
                checked={addition.enabled}
                onChange={(event) =>
                  patch(
                    addition,
                    t("results:additions.enabled"),
                    { enabled: event.currentTarget.checked },
                    { enabled: addition.enabled },
                  )
                }
              />
              <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
                {t("results:additions.delete")}
              </Button>
            </Group>
          ) : (
            <Button size="sm" onClick={create} data-testid={`add-addition-${type}`}>
              {t("results:additions.add", { name })}
            </Button>
          )}
        </Group>
        {addition && (
          <>
            <AdditionSettings
              addition={addition}
              onChange={(label, next) => {
                const previous: Record<string, unknown> = {};
                const stored = addition.settings as Record<string, unknown>;
                for (const k of Object.keys(next)) previous[k] = stored[k] ?? null;
                patch(addition, label, { settings: next }, { settings: previous });
              }}
            />
            <Select
              label={t("results:additions.display")}
              data={displays.map((value) => ({
                value,
                label: t(`results:additions.displays.${value}`),
              }))}
              value={addition.display}
              allowDeselect={false}
              onChange={(value) =>
                value &&
                patch(
                  addition,
                  t("results:additions.display"),
                  { display: value },
                  { display: addition.display },
                )
              }
              maw={360}
              comboboxProps={{ withinPortal: true }}
            />
            <MediaField
              label={t("results:additions.image")}
              value={addition.image}
              accept="image"
              target={mediaTargets.additionImage(addition.id)}
              quizId={quizId}
              refresh={[key]}
              removeOptimistic={[
                cacheUpdate<Addition[]>(key, (old) =>
                  old.map((a) => (a.id === addition.id ? { ...a, image: null } : a)),
                ),
              ]}
            />
          </>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t("results:additions.deleteTitle", { name })}
        message={t("results:additions.deleteMessage")}
        confirmLabel={t("results:additions.delete")}
        danger
        onConfirm={() => addition && remove(addition)}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
