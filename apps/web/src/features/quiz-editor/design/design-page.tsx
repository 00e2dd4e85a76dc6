import {
  type Design,
  type Quiz,
  type StartLayout,
  startLayoutSchema,
  startLayouts,
} from "@leadquiz/contract";
import { type ButtonShape, buttonStyle } from "@leadquiz/engine";
import {
  Box,
  Loader,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { quizQueryKey } from "@/shared/api/quiz-queries";
import { useEditorQuiz } from "../fields/use-editor-quiz";
import { useQuizSectionPatch } from "../fields/use-quiz-patch";
import { MediaField } from "../media/media-field";
import { mediaTargets } from "../media/media-target";
import { cacheUpdate } from "../state/editor-writes";
import { ColorField } from "./color-field";
import { useFontList } from "./font-queries";

type ColorKey = "button_color" | "button_text_color" | "text_color" | "background_color";

/** Which colour each text colour is read on (the contrast warning compares the pair). */
const readOn: Partial<Record<ColorKey, ColorKey>> = {
  button_text_color: "button_color",
  text_color: "background_color",
  // The Back button, unfilled buttons, links and result values are this colour on the page.
  button_color: "background_color",
};
const colorKeys: ColorKey[] = [
  "button_color",
  "button_text_color",
  "text_color",
  "background_color",
];
const buttonStyles = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
const DEFAULT_FONT = "default";

/** Corners of the runtime's button shapes (docs/product.md "Codes"). */
const shapeRadius: Record<ButtonShape, string> = { square: "0", round: "999px", squircle: "10px" };

/** `/quiz/{id}/design-settings`: colours, font, button style, background, progress bar. */
export function DesignPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("layout:editor.nav.design")} · Leadquiz`);
  const { quiz } = useEditorQuiz();
  if (!quiz) return <Loader role="status" aria-label={t("design:loading")} />;
  return <DesignEditor quiz={quiz} />;
}

function DesignEditor({ quiz }: { quiz: Quiz }) {
  const { t } = useTranslation();
  const patch = useQuizSectionPatch(quiz);
  const design = quiz.design;
  const write = (label: string, next: Partial<Design>) => void patch("design", label, next);
  return (
    <Stack gap="md" maw={880} data-testid="design-page">
      <Title order={1} size="h2">
        {t("design:title")}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("design:colors.title")}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {colorKeys.map((key) => {
              const other = readOn[key];
              return (
                <ColorField
                  key={key}
                  label={t(`design:colors.${key}`)}
                  value={design[key]}
                  onCommit={(color) => write(t(`design:colors.${key}`), { [key]: color })}
                  against={
                    other
                      ? {
                          color: design[other],
                          name: t(`design:colors.${other}`),
                          message:
                            key === "button_color" ? "design:colors.lowContrastButton" : undefined,
                        }
                      : undefined
                  }
                  testId={`design-${key}`}
                />
              );
            })}
          </SimpleGrid>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("design:font.title")}
          </Title>
          <FontSelect
            value={design.font}
            onChange={(font) => write(t("design:font.title"), { font })}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Radio.Group
          label={t("design:buttons.title")}
          value={String(design.button_style)}
          onChange={(value) => write(t("design:buttons.title"), { button_style: Number(value) })}
        >
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" mt="xs">
            {buttonStyles.map((style) => (
              <ButtonStyleChoice key={style} style={style} design={design} />
            ))}
          </SimpleGrid>
        </Radio.Group>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Radio.Group
          label={t("design:startLayout.title")}
          description={t("design:startLayout.hint")}
          value={design.start_layout}
          onChange={(value) =>
            write(t("design:startLayout.title"), {
              start_layout: startLayoutSchema.parse(value),
            })
          }
        >
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt="xs">
            {startLayouts.map((layout) => (
              <Radio.Card
                key={layout}
                value={layout}
                radius="md"
                p="xs"
                data-testid={`start-layout-${layout}`}
              >
                <Stack gap={4} align="center" pos="relative">
                  <Radio.Indicator size="xs" pos="absolute" top={0} left={0} />
                  <StartLayoutSketch layout={layout} />
                  <Text size="xs" ta="center">
                    {t(`design:startLayout.${layout}`)}
                  </Text>
                </Stack>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <MediaField
          label={t("design:background")}
          value={design.background_image}
          target={mediaTargets.backgroundImage(quiz.id)}
          quizId={quiz.id}
          refresh={[quizQueryKey(quiz.id)]}
          removeOptimistic={[
            cacheUpdate<Quiz>(quizQueryKey(quiz.id), (current) => ({
              ...current,
              design: { ...current.design, background_image: null },
            })),
          ]}
        />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Switch
            label={t("design:progressBar")}
            checked={design.progress_bar}
            onChange={(event) =>
              write(t("design:progressBar"), { progress_bar: event.currentTarget.checked })
            }
          />
          <Switch
            label={t("design:autoAdvance")}
            description={t("design:autoAdvanceHint")}
            checked={design.auto_advance}
            onChange={(event) =>
              write(t("design:autoAdvance"), { auto_advance: event.currentTarget.checked })
            }
          />
        </Stack>
      </Paper>
    </Stack>
  );
}

/** Where each start-page layout's sketch draws the media (x, y, width, height) and texts. */
const layoutSketches: Record<
  StartLayout,
  { media: [number, number, number, number]; texts: [number, number]; panel?: boolean }
> = {
  beside: { media: [3, 3, 28, 34], texts: [36, 12] },
  beside_right: { media: [33, 3, 28, 34], texts: [6, 12] },
  stacked: { media: [3, 3, 58, 16], texts: [20, 22] },
  background: { media: [3, 3, 58, 34], texts: [21, 12], panel: true },
};

/** A small drawing of a start-page layout: the media as a filled block, texts as lines. */
function StartLayoutSketch({ layout }: { layout: StartLayout }) {
  const line = "var(--mantine-color-gray-6)";
  const { media, texts, panel } = layoutSketches[layout];
  const [x, y, width, height] = media;
  return (
    <svg width="64" height="40" viewBox="0 0 64 40" aria-hidden="true">
      <rect x="0.5" y="0.5" width="63" height="39" rx="3" fill="none" stroke={line} />
      <rect x={x} y={y} width={width} height={height} rx="2" fill="var(--mantine-color-indigo-3)" />
      {panel ? <rect x="16" y="9" width="32" height="22" rx="2" fill="white" /> : null}
      <g transform={`translate(${texts[0]} ${texts[1]})`}>
        <rect x="0" y="0" width="22" height="3" rx="1" fill={line} />
        <rect x="0" y="6" width="16" height="3" rx="1" fill={line} />
        <rect x="0" y="12" width="12" height="4" rx="1" fill="var(--mantine-color-indigo-7)" />
      </g>
    </svg>
  );
}

/** One of the ten button styles, drawn in the quiz's own colours. */
function ButtonStyleChoice({ style, design }: { style: number; design: Design }) {
  const { t } = useTranslation();
  const { shape, filled, icon } = buttonStyle(style);
  return (
    <Radio.Card
      value={String(style)}
      radius="md"
      p="xs"
      aria-label={t("design:buttons.style", { number: style })}
      data-testid={`button-style-${style}`}
    >
      <Stack gap={4} align="center" pos="relative">
        <Radio.Indicator size="xs" pos="absolute" top={0} left={0} />
        <Box
          aria-hidden
          px="sm"
          py={4}
          style={{
            borderRadius: shapeRadius[shape],
            border: `2px solid ${design.button_color}`,
            background: filled ? design.button_color : "transparent",
            color: filled ? design.button_text_color : design.button_color,
            fontSize: 12,
          }}
        >
          Aa{icon ? " →" : ""}
        </Box>
        <Text size="xs">{t("design:buttons.style", { number: style })}</Text>
      </Stack>
    </Radio.Card>
  );
}

/** The fonts of `GET fontlist/`, each option written in its own face. */
function FontSelect({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (font: number | null) => void;
}) {
  const { t } = useTranslation();
  const fonts = useFontList();
  const list = fonts.data ?? [];
  useEffect(() => {
    const links = list.map((font) => {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = font.url;
      document.head.append(link);
      return link;
    });
    return () => {
      for (const link of links) link.remove();
    };
  }, [list]);
  const familyOf = (id: string) => list.find((font) => String(font.id) === id)?.family;
  return (
    <Select
      label={t("design:font.label")}
      data={[
        { value: DEFAULT_FONT, label: t("design:font.default") },
        ...list.map((font) => ({ value: String(font.id), label: font.name })),
      ]}
      value={value === null ? DEFAULT_FONT : String(value)}
      allowDeselect={false}
      disabled={fonts.isPending}
      onChange={(next) => next && onChange(next === DEFAULT_FONT ? null : Number(next))}
      renderOption={({ option }) => (
        <span style={{ fontFamily: familyOf(option.value) }}>{option.label}</span>
      )}
      styles={{ input: { fontFamily: value === null ? undefined : familyOf(String(value)) } }}
      comboboxProps={{ withinPortal: true }}
      data-testid="design-font"
    />
  );
}
