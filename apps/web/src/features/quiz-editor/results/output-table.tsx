import { OUTPUT_ROWS_MAX, type OutputRow } from "@leadquiz/contract";
import { ActionIcon, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { BoundsInputs } from "../fields/bounds-inputs";
import { CommittedTextInput } from "../fields/committed-text-input";

/**
 * The output table of a result: the shown value when the computed number lies in
 * [from, to] (the first row that matches wins; an empty bound is open).
 */
export function OutputTable({
  rows,
  onChange,
}: {
  rows: readonly OutputRow[];
  onChange: (next: OutputRow[], previous: OutputRow[]) => void;
}) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<OutputRow>) =>
    onChange(
      rows.map((row, i) => (i === index ? { ...row, ...patch } : row)),
      [...rows],
    );
  return (
    <Stack gap="xs" data-testid="output-table">
      <div>
        <Text fw={500} size="sm">
          {t("results:output.title")}
        </Text>
        <Text size="xs" c="dimmed">
          {t("results:output.hint")}
        </Text>
      </div>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t("results:output.empty")}
        </Text>
      )}
      {rows.map((row, index) => (
        <Paper
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no ids; their order is their identity.
          key={index}
          withBorder
          p="xs"
          radius="md"
          data-testid="output-row"
        >
          <Group gap="xs" align="flex-start" wrap="wrap">
            <BoundsInputs
              from={row.from}
              to={row.to}
              fromLabel={t("results:output.from")}
              toLabel={t("results:output.to")}
              width={110}
              onFrom={(from) => update(index, { from })}
              onTo={(to) => update(index, { to })}
            />
            <CommittedTextInput
              label={t("results:output.value")}
              value={row.value}
              maxLength={1000}
              style={{ flex: "1 1 180px" }}
              onCommit={(value) => update(index, { value })}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              aria-label={t("results:output.remove", { n: index + 1 })}
              onClick={() =>
                onChange(
                  rows.filter((_, i) => i !== index),
                  [...rows],
                )
              }
            >
              <span aria-hidden>✕</span>
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      <Group>
        <Button
          size="xs"
          variant="light"
          disabled={rows.length >= OUTPUT_ROWS_MAX}
          onClick={() => onChange([...rows, { from: null, to: null, value: "" }], [...rows])}
        >
          {t("results:output.add")}
        </Button>
      </Group>
    </Stack>
  );
}
