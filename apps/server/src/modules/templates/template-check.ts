import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path, { join } from "node:path";
import {
  type AnswerMap,
  type AnswerValue,
  answerValueKind,
  assertNever,
  flowSteps,
  type Question,
  type QuizSnapshot,
  ResultType,
  shownResults,
  supportedConditionKinds,
  validateFormula,
  validateNumberStep,
} from "@leadquiz/engine";
import { serverRoot } from "../../paths";
import {
  compileCondition,
  compileFormula,
  isChoice,
  questionTypeCodes,
  templateIds,
  templateSnapshot,
} from "./template-compile";
import {
  type TemplateCondition,
  type TemplateFile,
  templateFileSchema,
  templateLanguages,
} from "./template-file";

/** Largest cover or answer image, in bytes (docs/templates.md). */
export const TEMPLATE_IMAGE_MAX_BYTES = 400 * 1024;

/** Where the repository's templates live (the same from src/ and from the bundle). */
export const TEMPLATE_DATA_DIR = path.join(serverRoot, "src/modules/templates/data");

export interface LoadedTemplate {
  file: TemplateFile;
  /** The file's text, for the content hash. */
  source: string;
}

/** Whether a condition kind may refer to the question (docs/quiz-model.md "Conditions"). */
function kindFits(kind: TemplateCondition["kind"], question: TemplateFile["questions"][number]) {
  const type = questionTypeCodes[question.type];
  return supportedConditionKinds({ type, config: question.config ?? {} }).includes(kind);
}

/** A small deterministic random generator, so a failing walk can be repeated. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function pick<T>(items: readonly T[], next: () => number): T {
  return items[Math.floor(next() * items.length)] as T;
}

/** A plausible answer a visitor could give to the question. */
function someAnswer(question: Question, next: () => number): AnswerValue {
  const config = question.config;
  const kind = answerValueKind(question.type);
  switch (kind) {
    case "choice": {
      const ids = question.answers.map((answer) => answer.id);
      if (!config.multi_answers) return { answers: [pick(ids, next)] };
      const chosen = ids.filter(() => next() < 0.5);
      return { answers: chosen.length > 0 ? chosen : [pick(ids, next)] };
    }
    case "text":
      return "An answer in the visitor's own words";
    case "rating":
      return 1 + Math.floor(next() * (config.quantity_of_answers ?? 5));
    case "date": {
      const day = (offset: number) =>
        new Date(Date.UTC(2027, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
      const from = Math.floor(next() * 300);
      return config.date_range ? [day(from), day(from + 1 + Math.floor(next() * 30))] : day(from);
    }
    case "slider": {
      const min = config.min ?? 0;
      const max = config.max ?? 100;
      const step = config.step ?? 1;
      const steps = Math.floor((max - min) / step);
      const value = () => min + Math.floor(next() * (steps + 1)) * step;
      if (!config.two_sided) return value();
      const [a, b] = [value(), value()];
      return [Math.min(a, b), Math.max(a, b)];
    }
    default:
      return assertNever(kind);
  }
}

/**
 * The answer that scores most (`high`) or least (`low`): a test's top band or a
 * calculator's dearest result is reached only when every answer scores most, which random
 * walks almost never do (all six right: 1 in 4,096).
 */
function extremeAnswer(question: Question, end: "high" | "low", next: () => number): AnswerValue {
  const config = question.config;
  const kind = answerValueKind(question.type);
  switch (kind) {
    case "choice": {
      const points = (id: number) => question.answers.find((a) => a.id === id)?.points ?? 0;
      const ids = question.answers.map((answer) => answer.id);
      const sorted = [...ids].sort((a, b) => points(a) - points(b));
      const best = sorted.at(-1) ?? ids[0];
      const worst = sorted[0] ?? ids[0];
      if (end === "high" && config.multi_answers) {
        const scoring = ids.filter((id) => points(id) > 0);
        if (scoring.length > 0) return { answers: scoring };
      }
      const chosen = end === "high" ? best : worst;
      return chosen === undefined ? someAnswer(question, next) : { answers: [chosen] };
    }
    case "rating":
      return end === "high" ? (config.quantity_of_answers ?? 5) : 1;
    case "slider": {
      const value = end === "high" ? (config.max ?? 100) : (config.min ?? 0);
      return config.two_sided ? [value, value] : value;
    }
    case "text":
    case "date":
      return someAnswer(question, next);
    default:
      return assertNever(kind);
  }
}

const WALKS = 300;
/** Before the random walks: every answer scoring most, then every answer scoring least. */
const EXTREMES = ["high", "low"] as const;

/**
 * Walks the quiz as visitors would (every answer scoring most, every answer scoring least,
 * then random answers with the same seed every run): every
 * question must be reachable on some path, every path must end with a shown result
 * (unless results are off), and every result must be shown on some path.
 */
export function walkProblems(
  snapshot: QuizSnapshot,
  names: { question: (id: number) => string; result: (id: number) => string } = {
    question: String,
    result: String,
  },
): string[] {
  const next = random(20_261_124);
  const reached = new Set<number>();
  const shown = new Set<number>();
  const withoutValue = new Set<number>();
  let pathsWithoutResult = 0;
  for (let walk = 0; walk < EXTREMES.length + WALKS; walk += 1) {
    const extreme = EXTREMES[walk];
    const answers: Record<number, AnswerValue> = {};
    for (let guard = 0; guard < 50; guard += 1) {
      const step = flowSteps(snapshot, answers as AnswerMap).find(
        (s) => s.kind === "question" && answers[s.question] === undefined,
      );
      if (step === undefined || step.kind !== "question") break;
      const question = snapshot.questions.find((q) => q.id === step.question);
      if (question === undefined) break;
      reached.add(question.id);
      answers[question.id] = extreme
        ? extremeAnswer(question, extreme, next)
        : someAnswer(question, next);
    }
    const results = shownResults(snapshot, answers);
    if (results.length === 0) pathsWithoutResult += 1;
    for (const result of results) {
      shown.add(result.result.id);
      if (result.result.type === ResultType.Formula && result.computed === null) {
        withoutValue.add(result.result.id);
      }
    }
  }
  const problems: string[] = [];
  for (const question of snapshot.questions) {
    if (!reached.has(question.id))
      problems.push(`question ${names.question(question.id)} is never reached`);
  }
  if (snapshot.results_settings.output_format !== "none") {
    if (pathsWithoutResult > 0) {
      problems.push(
        `${pathsWithoutResult} of ${EXTREMES.length + WALKS} walks end without a result`,
      );
    }
    for (const result of snapshot.results) {
      if (!shown.has(result.id)) problems.push(`result ${names.result(result.id)} is never shown`);
      if (withoutValue.has(result.id)) {
        problems.push(
          `result ${names.result(result.id)}: the formula has no value on some path (a skipped question?)`,
        );
      }
    }
  }
  return problems;
}

/** Rules the schema cannot say: keys, references, kinds, formulas, the engine walk. */
export function templateProblems(file: TemplateFile): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const unique = (key: string, what: string) => {
    if (seen.has(key)) problems.push(`${what} key "${key}" is used twice`);
    seen.add(key);
  };
  const ids = templateIds(file);
  const byKey = new Map(file.questions.map((question) => [question.key, question]));
  file.questions.forEach((question, index) => {
    unique(question.key, "question");
    const answers = question.answers ?? [];
    for (const answer of answers) {
      unique(answer.key, "answer");
      if (!answer.key.startsWith(`${question.key}.`)) {
        problems.push(`answer "${answer.key}" should start with "${question.key}."`);
      }
    }
    if (isChoice(question.type) && answers.length < 2) {
      problems.push(`question "${question.key}" needs 2-10 answers`);
    }
    if (!isChoice(question.type) && answers.length > 0) {
      problems.push(`question "${question.key}" (${question.type}) cannot have answers`);
    }
    const config = question.config ?? {};
    if (answerValueKind(questionTypeCodes[question.type]) === "slider") {
      const step = validateNumberStep({
        min: config.min ?? 0,
        max: config.max ?? 100,
        step: config.step ?? 1,
      });
      if (step) problems.push(`question "${question.key}": ${step}`);
    }
    for (const condition of question.conditions ?? []) {
      const ref = byKey.get(condition.question);
      const refIndex = file.questions.findIndex((q) => q.key === condition.question);
      if (ref === undefined || refIndex >= index) {
        problems.push(`question "${question.key}": a condition must refer to an earlier question`);
        continue;
      }
      if (!kindFits(condition.kind, ref)) {
        problems.push(`question "${question.key}": a ${condition.kind} condition on a ${ref.type}`);
      }
      try {
        compileCondition(condition, ids);
      } catch (error) {
        problems.push(`question "${question.key}": ${(error as Error).message}`);
      }
    }
  });
  const formTypes = new Set<string>();
  for (const field of file.form_fields) {
    if (formTypes.has(field.type)) problems.push(`form field "${field.type}" appears twice`);
    formTypes.add(field.type);
  }
  const additionTypes = new Set<string>();
  for (const addition of file.additions ?? []) {
    if (additionTypes.has(addition.type)) problems.push(`addition "${addition.type}" twice`);
    additionTypes.add(addition.type);
  }
  const questionId = (key: string) => ids.questions.get(key);
  // What validateFormula needs: ids, types and configs (conditions are checked above).
  const formulaQuestions: Question[] = file.questions.map((question, index) => ({
    id: index + 1,
    type: questionTypeCodes[question.type],
    required: true,
    config: { two_sided: question.config?.two_sided },
    answers: [],
    conditions: [],
  }));
  const checkFormula = (source: string | undefined, where: string) => {
    if (source === undefined) return;
    try {
      const errors = validateFormula(compileFormula(source, questionId), formulaQuestions);
      for (const error of errors)
        problems.push(`${where}: formula ${error.code} at ${error.index}`);
    } catch (error) {
      problems.push(`${where}: ${(error as Error).message}`);
    }
  };
  checkFormula(file.results_settings?.general_formula, "general formula");
  for (const result of file.results) {
    unique(result.key, "result");
    const mode = result.condition_mode ?? "none";
    if (result.type === "formula" && !result.use_general_formula && result.formula === undefined) {
      problems.push(`result "${result.key}": a formula result needs a formula`);
    }
    if (mode === "formula" && result.formula === undefined && !result.use_general_formula) {
      problems.push(`result "${result.key}": condition_mode formula needs a formula`);
    }
    if (mode === "logic" && (result.conditions ?? []).length === 0) {
      problems.push(`result "${result.key}": condition_mode logic needs conditions`);
    }
    checkFormula(result.formula, `result "${result.key}"`);
    for (const condition of result.conditions ?? []) {
      const ref = byKey.get(condition.question);
      if (ref !== undefined && !kindFits(condition.kind, ref)) {
        problems.push(`result "${result.key}": a ${condition.kind} condition on a ${ref.type}`);
      }
      try {
        compileCondition(condition, ids);
      } catch (error) {
        problems.push(`result "${result.key}": ${(error as Error).message}`);
      }
    }
  }
  if (problems.length > 0) return problems;
  for (const language of templateLanguages) {
    const names = {
      question: (id: number) => `"${file.questions[id - 1]?.key}"`,
      result: (id: number) => `"${file.results[id - 1]?.key}"`,
    };
    for (const problem of walkProblems(templateSnapshot(file, language), names)) {
      problems.push(`${language}: ${problem}`);
    }
  }
  return problems;
}

/** The image files a template names (cover, answers, results, additions). */
export function templateImages(file: TemplateFile): string[] {
  const names = new Set<string>([file.cover]);
  for (const question of file.questions) {
    if (question.image) names.add(question.image);
    for (const answer of question.answers ?? []) if (answer.image) names.add(answer.image);
  }
  for (const result of file.results) if (result.image) names.add(result.image);
  for (const addition of file.additions ?? []) {
    if ("image" in addition && addition.image) names.add(addition.image);
  }
  return [...names];
}

export interface DirectoryCheck {
  templates: LoadedTemplate[];
  /** "file: problem" lines; empty when every file is fine. */
  problems: string[];
}

/** Loads and checks every `*.json` of a template data directory. */
export function checkTemplateDirectory(dir: string): DirectoryCheck {
  const templates: LoadedTemplate[] = [];
  const problems: string[] = [];
  const names = readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort();
  for (const name of names) {
    const source = readFileSync(join(dir, name), "utf8");
    let json: unknown;
    try {
      json = JSON.parse(source);
    } catch (error) {
      problems.push(`${name}: not JSON (${(error as Error).message})`);
      continue;
    }
    const parsed = templateFileSchema.safeParse(json);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push(`${name}: ${issue.path.join(".")}: ${issue.message}`);
      }
      continue;
    }
    const file = parsed.data;
    const own: string[] = [];
    if (`${file.slug}.json` !== name) own.push(`slug "${file.slug}" differs from the file name`);
    for (const image of templateImages(file)) {
      const path = join(dir, "images", image);
      if (!existsSync(path)) own.push(`image ${image} is missing from images/`);
      else if (statSync(path).size > TEMPLATE_IMAGE_MAX_BYTES) {
        own.push(`image ${image} is larger than ${TEMPLATE_IMAGE_MAX_BYTES} bytes`);
      }
    }
    own.push(...templateProblems(file));
    problems.push(...own.map((problem) => `${name}: ${problem}`));
    if (own.length === 0) templates.push({ file, source });
  }
  return { templates, problems };
}
