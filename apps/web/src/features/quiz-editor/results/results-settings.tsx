import type { Quiz } from "@leadquiz/contract";
import { Accordion, Select, Stack, Switch } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useQuizSectionPatch } from "../fields/use-quiz-patch";

const positions = ["before_form", "after_form"] as const;
const formats = ["logic", "function", "points", "none"] as const;

/**
 * The quiz-wide result settings (one or several results, where, in which format), folded
 * under the list: set once, seldom changed.
 */
export function ResultsSettings({ quiz }: { quiz: Quiz }) {
  const { t } = useTranslation();
  const patch = useQuizSectionPatch(quiz);
  const settings = quiz.results_settings;
  return (
    <Accordion variant="contained" radius="md" bg="white">
      <Accordion.Item value="settings">
        <Accordion.Control>{t("results:settings.title")}</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm">
            <Switch
              label={t("results:settings.showSeveral")}
              description={t("results:settings.showSeveralHint")}
              checked={settings.show_several}
              onChange={(event) =>
                void patch("results_settings", t("results:settings.showSeveral"), {
                  show_several: event.currentTarget.checked,
                })
              }
            />
            <Select
              label={t("results:settings.position")}
              data={positions.map((value) => ({
                value,
                label: t(`results:settings.positions.${value}`),
              }))}
              value={settings.position}
              allowDeselect={false}
              onChange={(value) =>
                value &&
                void patch("results_settings", t("results:settings.position"), {
                  position: value as (typeof positions)[number],
                })
              }
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label={t("results:settings.outputFormat")}
              data={formats.map((value) => ({
                value,
                label: t(`results:settings.formats.${value}`),
              }))}
              value={settings.output_format}
              allowDeselect={false}
              onChange={(value) =>
                value &&
                void patch("results_settings", t("results:settings.outputFormat"), {
                  output_format: value as (typeof formats)[number],
                })
              }
              comboboxProps={{ withinPortal: true }}
            />
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
