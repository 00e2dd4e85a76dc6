import { type Addition, AdditionType } from "@leadquiz/contract";
import { SegmentedControl, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CommittedNumberInput } from "../fields/committed-number-input";
import { CommittedTextarea, CommittedTextInput } from "../fields/committed-text-input";
import { linkProblem } from "../fields/link-rule";

type SettingsPatch = Record<string, string | number>;

/** The fields of an addition's own settings (bonus, discount or consultant). */
export function AdditionSettings({
  addition,
  onChange,
}: {
  addition: Addition;
  onChange: (label: string, next: SettingsPatch) => void;
}) {
  const { t } = useTranslation();
  const text = (key: string, value: string, multiline = false) => {
    const Field = multiline ? CommittedTextarea : CommittedTextInput;
    const label = t(`results:additions.fields.${key}`);
    return (
      <Field
        label={label}
        value={value}
        maxLength={multiline ? 10_000 : 255}
        onCommit={(next) => onChange(label, { [key]: next })}
      />
    );
  };
  switch (addition.type) {
    case AdditionType.Bonus:
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {text("name", addition.settings.name)}
          {text("discount_amount", addition.settings.discount_amount)}
          <CommittedTextInput
            label={t("results:additions.fields.link")}
            description={t("results:additions.linkHint")}
            placeholder="https://"
            inputMode="url"
            value={addition.settings.link}
            validate={linkProblem(t)}
            onCommit={(link) => onChange(t("results:additions.fields.link"), { link: link.trim() })}
          />
        </SimpleGrid>
      );
    case AdditionType.Discount:
      return (
        <Stack gap="xs">
          <CommittedNumberInput
            label={t("results:additions.fields.max_discount")}
            value={addition.settings.max_discount}
            min={0}
            max={100}
            suffix=" %"
            w={180}
            check={(value) =>
              value !== null && (value < 0 || value > 100) ? t("validation:out_of_range") : null
            }
            onCommit={(value) =>
              value !== null &&
              onChange(t("results:additions.fields.max_discount"), { max_discount: value })
            }
          />
          <Text size="sm" fw={500} id={`discount-type-${addition.id}`}>
            {t("results:additions.fields.discount_type")}
          </Text>
          <SegmentedControl
            aria-labelledby={`discount-type-${addition.id}`}
            value={addition.settings.discount_type}
            onChange={(value) =>
              onChange(t("results:additions.fields.discount_type"), { discount_type: value })
            }
            data={[
              { value: "ordinary", label: t("results:additions.discountTypes.ordinary") },
              { value: "growing", label: t("results:additions.discountTypes.growing") },
            ]}
            maw={420}
          />
          <Text size="xs" c="dimmed">
            {t(`results:additions.discountHints.${addition.settings.discount_type}`)}
          </Text>
        </Stack>
      );
    case AdditionType.Consultant:
      return (
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {text("name", addition.settings.name)}
            {text("job_title", addition.settings.job_title)}
          </SimpleGrid>
          {text("text", addition.settings.text, true)}
        </Stack>
      );
  }
}
