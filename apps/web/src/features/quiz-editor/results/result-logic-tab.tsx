import { ConditionMode, type Result, type ResultCondition } from "@leadquiz/contract";
import { ActionIcon, Group, Paper, Radio, SegmentedControl, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { BoundsInputs } from "../fields/bounds-inputs";
import { useResultConditions } from "./api/result-queries";
import { ConditionForm } from "./condition-form";
import { useConditionText } from "./condition-text";
import { useResultConditionWrites } from "./use-result-condition-writes";
import { type ResultTabProps, useResultPatch } from "./use-result-patch";

const modes = [
  ConditionMode.None,
  ConditionMode.Logic,
  ConditionMode.Formula,
  ConditionMode.Range,
] as const;

/** Logic setup: when the result is shown (always, conditions, formula or sum in a range). */
export function ResultLogicTab({ result, quiz, questions }: ResultTabProps) {
  const { t } = useTranslation();
  const patch = useResultPatch(quiz.id);
  const mode = result.condition_mode;
  return (
    <Stack gap="md" data-testid="result-logic-tab">
      <Radio.Group
        label={t("results:logic.mode")}
        value={String(mode)}
        onChange={(value) =>
          void patch(result, t("results:logic.mode"), {
            condition_mode: Number(value) as Result["condition_mode"],
          })
        }
      >
        <Stack gap="xs" mt="xs">
          {modes.map((code) => (
            <Radio key={code} value={String(code)} label={t(`results:logic.modes.${code}`)} />
          ))}
        </Stack>
      </Radio.Group>
      {(mode === ConditionMode.Formula || mode === ConditionMode.Range) && (
        <Stack gap="xs">
          <Text size="sm">{t(`results:logic.rangeHint.${mode}`)}</Text>
          <Group gap="sm" align="flex-start">
            <BoundsInputs
              from={result.range_from}
              to={result.range_to}
              fromLabel={t("results:logic.rangeFrom")}
              toLabel={t("results:logic.rangeTo")}
              width={150}
              onFrom={(range_from) =>
                void patch(result, t("results:logic.rangeFrom"), { range_from })
              }
              onTo={(range_to) => void patch(result, t("results:logic.rangeTo"), { range_to })}
            />
          </Group>
        </Stack>
      )}
      {mode === ConditionMode.Logic && (
        <ResultConditions result={result} quiz={quiz} questions={questions} />
      )}
    </Stack>
  );
}

function ResultConditions({ result, quiz, questions }: ResultTabProps) {
  const { t } = useTranslation();
  const patch = useResultPatch(quiz.id);
  const conditions = useResultConditions(result.id);
  const describe = useConditionText(questions);
  const conditionWrites = useResultConditionWrites();
  const remove = (condition: ResultCondition) => void conditionWrites.remove(condition);
  const list = conditions.data ?? [];
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text size="sm" id="conditions-match-label">
          {t("results:logic.match")}
        </Text>
        <SegmentedControl
          size="xs"
          aria-labelledby="conditions-match-label"
          value={result.config.conditions_match ?? "all"}
          onChange={(value) =>
            void patch(result, t("results:logic.match"), {
              config: { conditions_match: value as "all" | "any" },
            })
          }
          data={[
            { value: "all", label: t("results:logic.matchAll") },
            { value: "any", label: t("results:logic.matchAny") },
          ]}
        />
      </Group>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("results:logic.noConditions")}
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {list.map((condition) => (
            <Paper
              key={condition.id}
              component="li"
              withBorder
              p="xs"
              radius="md"
              data-testid="result-condition"
            >
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm">{describe(condition)}</Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t("results:logic.removeCondition", { text: describe(condition) })}
                  onClick={() => remove(condition)}
                >
                  <span aria-hidden>✕</span>
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <ConditionForm resultId={result.id} questions={questions} />
    </Stack>
  );
}
