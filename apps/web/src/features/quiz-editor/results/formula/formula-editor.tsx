import {
  type FormulaElement,
  FormulaElementKind,
  FormulaOp,
  type Question,
} from "@leadquiz/contract";
import { type FormulaOwner, formulaVerdict, generalFormulaVerdict } from "@leadquiz/engine";
import {
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { elementText, formulaText, insertElement, operatorSymbols } from "./formula-text";

const operators = [
  FormulaOp.Add,
  FormulaOp.Sub,
  FormulaOp.Mul,
  FormulaOp.Div,
  FormulaOp.Pow,
  FormulaOp.Mod,
  FormulaOp.Open,
  FormulaOp.Close,
] as const;

export interface FormulaEditorProps {
  label: string;
  elements: readonly FormulaElement[];
  /** The quiz's questions in their order (what the formula may refer to). */
  questions: readonly Question[];
  /** The result that owns the formula; none for the quiz's general formula (may be empty). */
  owner?: FormulaOwner;
  onChange: (next: FormulaElement[], previous: FormulaElement[]) => void;
}

/**
 * Builds a formula from questions, numbers and operators (docs/editor.md "Results,
 * contact form, additions, media"): the elements as chips, the formula as a line of text,
 * and at once the engine's verdict (formulaVerdict), with the broken elements marked.
 * Inserts go after the selected chip, or at the end.
 */
export function FormulaEditor({ label, elements, questions, owner, onChange }: FormulaEditorProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const [selected, setSelected] = useState<number | null>(null);

  const position = new Map(questions.map((question, index) => [question.id, index + 1]));
  const questionLabel = (id: number) => {
    const n = position.get(id);
    const title = questions.find((question) => question.id === id)?.title;
    return n === undefined
      ? t("results:formula.missingQuestion")
      : t("results:formula.questionRef", { n, title: title || t("results:formula.untitled") });
  };
  // The general formula (no owner) may be empty: then it is simply not set.
  const errors = owner
    ? formulaVerdict(elements, questions, owner)
    : generalFormulaVerdict(elements, questions);
  const broken = new Set(errors.map((error) => error.index));

  const change = (next: FormulaElement[]) => onChange(next, [...elements]);
  const insert = (element: FormulaElement) => {
    const after = selected !== null && selected < elements.length ? selected : null;
    change(insertElement(elements, element, after));
    setSelected(after === null ? null : after + 1);
  };
  const removeAt = (index: number) => {
    change(elements.filter((_, i) => i !== index));
    setSelected(null);
  };

  return (
    <Stack gap="xs" data-testid="formula-editor">
      <Text id={labelId} fw={500} size="sm">
        {label}
      </Text>
      <Paper withBorder p="xs" radius="md" role="group" aria-labelledby={labelId} mih={48}>
        {elements.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("results:formula.empty")}
          </Text>
        ) : (
          <Group gap={6} component="ol" style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {elements.map((element, index) => {
              const text = elementText(element, questionLabel);
              const isSelected = selected === index;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: elements have no ids; their position is who they are.
                <li key={index}>
                  <FormulaChip
                    element={element}
                    index={index}
                    text={text}
                    isSelected={isSelected}
                    broken={broken.has(index)}
                    onSelect={() => setSelected(isSelected ? null : index)}
                    onRemove={() => removeAt(index)}
                  />
                </li>
              );
            })}
          </Group>
        )}
      </Paper>
      {elements.length > 0 && (
        <Text
          size="sm"
          ff="monospace"
          style={{ overflowWrap: "anywhere" }}
          data-testid="formula-text"
        >
          {formulaText(elements, questionLabel)}
        </Text>
      )}
      <FormulaVerdict errors={errors} empty={elements.length === 0} />

      <Group gap={4} aria-label={t("results:formula.operators")} role="group">
        {operators.map((op) => (
          <Button
            key={op}
            size="xs"
            variant="default"
            miw={36}
            onClick={() => insert({ kind: FormulaElementKind.Operator, op })}
            aria-label={t(`results:formula.ops.${op}`)}
          >
            {operatorSymbols[op]}
          </Button>
        ))}
      </Group>
      <QuestionInsert
        questions={questions}
        questionLabel={questionLabel}
        onInsert={(question) => insert({ kind: FormulaElementKind.Question, question })}
      />
      <NumberInsert onInsert={(value) => insert({ kind: FormulaElementKind.Number, value })} />
      <Group gap="xs">
        <Button
          size="xs"
          variant="subtle"
          color="red"
          disabled={elements.length === 0}
          onClick={() => removeAt(selected ?? elements.length - 1)}
        >
          {selected === null
            ? t("results:formula.removeLast")
            : t("results:formula.removeSelected")}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="gray"
          disabled={elements.length === 0}
          onClick={() => {
            change([]);
            setSelected(null);
          }}
        >
          {t("results:formula.clear")}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t("results:formula.hint")}
      </Text>
    </Stack>
  );
}

/** One element of the formula as a chip: selected by a click, removed with Delete or Backspace. */
function FormulaChip({
  element,
  index,
  text,
  isSelected,
  broken,
  onSelect,
  onRemove,
}: {
  element: FormulaElement;
  index: number;
  text: string;
  isSelected: boolean;
  broken: boolean;
  onSelect: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      onClick={onSelect}
      onKeyDown={(event) => {
        if (event.key === "Delete" || event.key === "Backspace") {
          event.preventDefault();
          onRemove();
        }
      }}
      aria-pressed={isSelected}
      aria-label={t("results:formula.elementLabel", {
        n: index + 1,
        text,
      })}
      aria-invalid={broken || undefined}
      data-testid="formula-element"
      px={8}
      py={2}
      style={{
        borderRadius: 6,
        fontSize: 14,
        border: `1px solid ${
          broken
            ? "var(--mantine-color-red-7)"
            : isSelected
              ? "var(--mantine-color-blue-7)"
              : "var(--mantine-color-gray-4)"
        }`,
        background: isSelected
          ? "var(--mantine-color-blue-0)"
          : element.kind === FormulaElementKind.Question
            ? "var(--mantine-color-violet-0)"
            : "var(--mantine-color-white)",
        color: broken ? "var(--mantine-color-red-9)" : undefined,
        maxWidth: 260,
        overflow: "hidden",
        textOverflow: "ellipsis",
        whiteSpace: "nowrap",
      }}
    >
      {text}
    </UnstyledButton>
  );
}

/** The engine's verdict on the formula, the first problem named with its element. */
function FormulaVerdict({
  errors,
  empty,
}: {
  errors: ReturnType<typeof formulaVerdict>;
  empty: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Text
      size="sm"
      role="status"
      c={errors.length === 0 ? "teal.9" : "red.9"}
      data-testid="formula-verdict"
      data-valid={errors.length === 0}
    >
      {errors.length === 0
        ? empty
          ? t("results:formula.validEmpty")
          : t("results:formula.valid")
        : empty
          ? t("results:formula.invalidEmpty")
          : t("results:formula.invalid", {
              reason: t(`results:formula.errors.${errors[0]?.code ?? "empty"}`),
              n: (errors[0]?.index ?? 0) + 1,
            })}
    </Text>
  );
}

/** A question to insert: chosen in a list, inserted by the button. */
function QuestionInsert({
  questions,
  questionLabel,
  onInsert,
}: {
  questions: readonly Question[];
  questionLabel: (id: number) => string;
  onInsert: (question: number) => void;
}) {
  const { t } = useTranslation();
  const [questionId, setQuestionId] = useState<string | null>(null);
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        label={t("results:formula.question")}
        placeholder={t("results:formula.chooseQuestion")}
        data={questions.map((question) => ({
          value: String(question.id),
          label: questionLabel(question.id),
        }))}
        value={questionId}
        onChange={setQuestionId}
        comboboxProps={{ withinPortal: true }}
        w={{ base: "100%", xs: 260 }}
        nothingFoundMessage={t("results:formula.noQuestions")}
      />
      <Button
        size="sm"
        variant="light"
        disabled={questionId === null}
        onClick={() => questionId !== null && onInsert(Number(questionId))}
      >
        {t("results:formula.insertQuestion")}
      </Button>
    </Group>
  );
}

/** A number to insert: typed, inserted by Enter or the button, then the field is emptied. */
function NumberInsert({ onInsert }: { onInsert: (value: number) => void }) {
  const { t } = useTranslation();
  const [number, setNumber] = useState<string | number>("");
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <NumberInput
        label={t("results:formula.number")}
        value={number}
        onChange={setNumber}
        decimalSeparator="."
        w={{ base: "100%", xs: 160 }}
        onKeyDown={(event) => {
          if (event.key === "Enter" && typeof number === "number") {
            onInsert(number);
            setNumber("");
          }
        }}
      />
      <Button
        size="sm"
        variant="light"
        disabled={typeof number !== "number"}
        onClick={() => {
          if (typeof number !== "number") return;
          onInsert(number);
          setNumber("");
        }}
      >
        {t("results:formula.insertNumber")}
      </Button>
    </Group>
  );
}
