import { type Result, ResultType, type Unit, units } from "@leadquiz/contract";
import { SegmentedControl, Select, Stack, Switch, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useQuizSectionPatch } from "../fields/use-quiz-patch";
import { FormulaEditor } from "./formula/formula-editor";
import { OutputTable } from "./output-table";
import { type ResultTabProps, useResultPatch } from "./use-result-patch";

const types = [ResultType.Const, ResultType.Formula, ResultType.Sum] as const;

/** Value assignment: constant, formula (own or the quiz's general one) or sum; output table. */
export function ResultValueTab({ result, quiz, questions }: ResultTabProps) {
  const { t } = useTranslation();
  const patch = useResultPatch(quiz.id);
  const patchQuiz = useQuizSectionPatch(quiz);
  const computed = result.type !== ResultType.Const;
  return (
    <Stack gap="md" data-testid="result-value-tab">
      <Stack gap={4}>
        <Text fw={500} size="sm" id="result-type-label">
          {t("results:value.type")}
        </Text>
        <SegmentedControl
          aria-labelledby="result-type-label"
          value={String(result.type)}
          onChange={(value) =>
            void patch(result, t("results:value.type"), {
              type: Number(value) as Result["type"],
            })
          }
          data={types.map((type) => ({
            value: String(type),
            label: t(`results:value.types.${type}`),
          }))}
          fullWidth
        />
        <Text size="xs" c="dimmed">
          {t(`results:value.typeHints.${result.type}`)}
        </Text>
      </Stack>

      {result.type === ResultType.Formula && (
        <>
          <Switch
            label={t("results:value.useGeneral")}
            description={t("results:value.useGeneralHint")}
            checked={result.use_general_formula}
            onChange={(event) =>
              void patch(result, t("results:value.useGeneral"), {
                use_general_formula: event.currentTarget.checked,
              })
            }
          />
          {result.use_general_formula ? (
            <FormulaEditor
              label={t("results:value.generalFormula")}
              elements={quiz.results_settings.general_formula}
              questions={questions}
              onChange={(general_formula) =>
                void patchQuiz("results_settings", t("results:value.generalFormula"), {
                  general_formula,
                })
              }
            />
          ) : (
            <FormulaEditor
              label={t("results:value.formula")}
              elements={result.formula}
              questions={questions}
              owner={{
                type: result.type,
                conditionMode: result.condition_mode,
                useGeneralFormula: result.use_general_formula,
              }}
              onChange={(formula) => void patch(result, t("results:value.formula"), { formula })}
            />
          )}
        </>
      )}

      {computed && (
        <>
          <Switch
            label={t("results:value.showTotal")}
            description={t("results:value.showTotalHint")}
            checked={result.show_total}
            onChange={(event) =>
              void patch(result, t("results:value.showTotal"), {
                show_total: event.currentTarget.checked,
              })
            }
          />
          <Select
            label={t("results:value.unit")}
            placeholder={t("results:value.noUnit")}
            clearable
            searchable
            data={units.map((unit) => ({ value: unit, label: t(`results:units.${unit}`) }))}
            value={result.unit}
            onChange={(unit) =>
              void patch(result, t("results:value.unit"), { unit: (unit as Unit | null) ?? null })
            }
            maw={320}
            comboboxProps={{ withinPortal: true }}
          />
          <OutputTable
            rows={result.output}
            onChange={(output) => void patch(result, t("results:output.title"), { output })}
          />
        </>
      )}
    </Stack>
  );
}
