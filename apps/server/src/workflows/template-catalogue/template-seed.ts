import { createHash } from "node:crypto";
import { copyFile, mkdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { quizCurrencies, quizLanguages } from "@leadquiz/contract";
import type { AppContext } from "../../app-context";
import { mediaPathOf, tempDir } from "../../modules/media";
import { storeSnapshot } from "../../modules/publication";
import {
  checkTemplateDirectory,
  deleteTemplateRow,
  listTemplateRows,
  TEMPLATE_DATA_DIR,
  type TemplateFile,
  type TemplateLanguage,
  templateImages,
  templateLanguages,
  templateSnapshot,
  templateText as text,
  upsertTemplateRow,
} from "../../modules/templates";
import type { Storage } from "../../storage/storage";
import { newStorageKey } from "../../storage/storage-keys";
import { buildPublicQuiz } from "../publishing";
import {
  ensureSystemAccount,
  findQuizVersion,
  hideTemplateQuiz,
  type ImageUse,
  lockTemplateSeed,
  recordImageUses,
  type TemplateQuizContent,
  writeTemplateQuiz,
} from "./template-seed.repository";

/** A stored image of a template: its `/media/…` path and what stored_files records. */
interface StoredImage {
  key: string;
  path: string;
  contentType: string;
  size: number;
}

function languageId(code: TemplateLanguage): number {
  return quizLanguages.find((language) => language.code === code)?.id ?? 2;
}

function currencyId(file: TemplateFile, language: TemplateLanguage): number {
  const code = file.currency?.[language] ?? "USD";
  return quizCurrencies.find((currency) => currency.code === code)?.id ?? 1;
}

/** Without undefined and null values (jsonb columns store the keys that are set). */
type Defined<T> = { [K in keyof T]?: Exclude<T[K], null | undefined> };
function defined<T extends Record<string, unknown>>(object: T): Defined<T> {
  return Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== undefined && value !== null),
  ) as Defined<T>;
}

/** The quiz a template file makes in one language, with local ids (template-compile.ts). */
export function templateQuizContent(
  file: TemplateFile,
  language: TemplateLanguage,
  image: (name: string | undefined) => string | null,
): TemplateQuizContent {
  const snapshot = templateSnapshot(file, language);
  const start = file.start_page;
  const form = file.contact_form;
  return {
    quiz: {
      title: text(file.title, language),
      language: languageId(language),
      currency: currencyId(file, language),
      startPage: defined({
        enabled: start.enabled ?? true,
        title: text(start.title, language),
        description: text(start.description, language),
        button_text: text(start.button_text, language),
        company_name: text(start.company_name, language),
        legal_text: text(start.legal_text, language),
        media: image(file.cover),
      }),
      design: defined({ progress_bar: true, ...file.design }),
      contactForm: defined({
        title: text(form.title, language),
        description: text(form.description, language),
        button_text: text(form.button_text, language),
        messengers: form.messengers ?? [],
      }),
      resultsSettings: {
        show_several: snapshot.results_settings.show_several,
        position: snapshot.results_settings.position,
        output_format: snapshot.results_settings.output_format,
      },
    },
    generalFormula: [...snapshot.results_settings.general_formula],
    questions: file.questions.map((question, index) => {
      const compiled = snapshot.questions[index];
      if (!compiled) throw new Error("templateQuizContent: question missing");
      const { placeholder, ...config } = question.config ?? {};
      return {
        localId: compiled.id,
        values: {
          sort: index + 1,
          type: compiled.type,
          title: text(question.title, language),
          description: text(question.description, language),
          buttonText: text(question.button_text, language),
          required: compiled.required,
          media: image(question.image),
          config: defined({ ...config, placeholder: placeholder?.[language] }),
        },
        answers: (question.answers ?? []).map((answer, answerIndex) => ({
          localId: compiled.answers[answerIndex]?.id ?? 0,
          values: {
            sort: answerIndex + 1,
            text: text(answer.text, language),
            image: image(answer.image),
            isRight: answer.is_right ?? false,
            points: answer.points ?? 0,
          },
        })),
        conditions: [...compiled.conditions],
      };
    }),
    results: file.results.map((result, index) => {
      const compiled = snapshot.results[index];
      if (!compiled) throw new Error("templateQuizContent: result missing");
      return {
        values: {
          sort: index + 1,
          type: compiled.type,
          conditionMode: compiled.condition_mode,
          title: text(result.title, language),
          description: text(result.description, language),
          additionalDescription: text(result.additional_description, language),
          media: image(result.image),
          showTotal: result.show_total ?? false,
          unit: result.unit ?? null,
          rangeFrom: compiled.range_from,
          rangeTo: compiled.range_to,
          useGeneralFormula: compiled.use_general_formula,
          output: [...compiled.output],
          buttonText: text(result.button_text, language),
          buttonLink: result.button_link ?? "",
          formulaValid: true,
          formulaErrors: [],
          config: { conditions_match: result.conditions_match ?? "all" },
        },
        formula: [...compiled.formula],
        conditions: [...compiled.conditions],
      };
    }),
    formFields: file.form_fields.map((field, index) => ({
      sort: index + 1,
      type: snapshot.fields[index]?.type ?? 1,
      label: text(field.label, language),
      placeholder: text(field.placeholder, language),
      required: field.required ?? false,
      enabled: field.enabled ?? true,
    })),
    additions: snapshot.additions.map((addition, index) => {
      const source = file.additions?.[index];
      return {
        sort: index + 1,
        type: addition.type,
        enabled: true,
        display: addition.display,
        image: image(source && "image" in source ? source.image : undefined),
        settings: addition.settings,
      };
    }),
  };
}

/** The content hash of a template: its file and the bytes of every image it names. */
async function templateHash(source: string, file: TemplateFile, imagesDir: string) {
  const hash = createHash("sha256").update(source);
  for (const name of templateImages(file).sort()) {
    hash.update(name).update(await readFile(path.join(imagesDir, name)));
  }
  return hash.digest("hex");
}

async function storeImages(
  storage: Storage,
  dataDir: string,
  imagesDir: string,
  names: string[],
): Promise<Map<string, StoredImage>> {
  const stored = new Map<string, StoredImage>();
  const temp = tempDir(dataDir);
  await mkdir(temp, { recursive: true });
  for (const name of names) {
    const extension = name.endsWith(".png") ? "png" : "webp";
    const key = newStorageKey(extension);
    const copy = path.join(temp, `template-${key.replace("/", "-")}`);
    await copyFile(path.join(imagesDir, name), copy);
    const { size } = await stat(copy);
    const contentType = `image/${extension}`;
    await storage.putFile(key, copy, contentType);
    stored.set(name, { key, path: mediaPathOf(key), contentType, size });
  }
  return stored;
}

export interface SeedReport {
  created: number;
  updated: number;
  unchanged: number;
  removed: number;
}

export interface SeedOptions {
  /** The template data directory (default: the repository's). */
  dir?: string;
}

/**
 * The template seed (docs/templates.md "Seed"): every file of the data directory becomes
 * one published quiz per language of the system account. Idempotent: a template whose
 * content hash is unchanged is left alone; a changed one is rewritten in place (same quiz
 * id and address) and published again; a seeded template whose file is gone is hidden.
 * Invalid files are logged and skipped (the check test keeps them out of the repository).
 */
export async function seedTemplates(
  ctx: Pick<AppContext, "db" | "config" | "log">,
  storage: Storage,
  options: SeedOptions = {},
): Promise<SeedReport> {
  const dir = options.dir ?? TEMPLATE_DATA_DIR;
  const imagesDir = path.join(dir, "images");
  const { templates, problems } = checkTemplateDirectory(dir);
  for (const problem of problems) ctx.log.error({ problem }, "template file skipped");
  const report: SeedReport = { created: 0, updated: 0, unchanged: 0, removed: 0 };
  const hashes = new Map<string, string>();
  for (const template of templates) {
    hashes.set(template.file.slug, await templateHash(template.source, template.file, imagesDir));
  }
  await ctx.db.transaction(async (tx) => {
    await lockTemplateSeed(tx);
    const rows = await listTemplateRows(tx);
    const bySlugLanguage = new Map(rows.map((row) => [`${row.slug}/${row.language}`, row]));
    const owner = await ensureSystemAccount(tx);
    for (const { file } of templates) {
      const hash = hashes.get(file.slug) as string;
      const current = templateLanguages.map((language) =>
        bySlugLanguage.get(`${file.slug}/${language}`),
      );
      if (current.every((row) => row?.hash === hash)) {
        report.unchanged += 1;
        continue;
      }
      const images = await storeImages(
        storage,
        ctx.config.dataDir,
        imagesDir,
        templateImages(file),
      );
      const image = (name: string | undefined) =>
        name === undefined ? null : (images.get(name)?.path ?? null);
      let recorded = false;
      for (const [index, language] of templateLanguages.entries()) {
        const existing = current[index];
        const content = templateQuizContent(file, language, image);
        const written = await writeTemplateQuiz(tx, owner, content, existing?.quizId);
        if (!recorded) {
          await recordImageUses(tx, owner.userId, written.quizId, imageUses(file, images, written));
          recorded = true;
        }
        const quiz = await findQuizVersion(tx, written.quizId);
        if (!quiz) throw new Error("seedTemplates: the quiz vanished");
        await storeSnapshot(tx, quiz, (version) =>
          buildPublicQuiz(tx, quiz.id, ctx.config, version),
        );
        await upsertTemplateRow(tx, {
          quizId: written.quizId,
          slug: file.slug,
          type: file.type,
          theme: file.theme,
          language,
          description: text(file.description, language),
          sort: file.sort ?? 1000,
          hash,
        });
      }
      if (current.some((row) => row !== undefined)) report.updated += 1;
      else report.created += 1;
    }
    const removed = new Set<string>();
    for (const row of rows) {
      if (row.hash === null || hashes.has(row.slug)) continue;
      await hideTemplateQuiz(tx, row.quizId);
      await deleteTemplateRow(tx, row.id);
      removed.add(row.slug);
    }
    report.removed = removed.size;
  });
  if (report.created + report.updated + report.removed > 0) {
    ctx.log.info(report, "template catalogue seeded");
  }
  return report;
}

/** Which row each stored image is recorded against (the first language's quiz). */
function imageUses(
  file: TemplateFile,
  images: Map<string, StoredImage>,
  written: {
    quizId: number;
    answerIds: Map<number, number>;
    questionIds: Map<number, number>;
    resultIds: number[];
    additionIds: number[];
  },
): ImageUse[] {
  const uses: ImageUse[] = [];
  const use = (
    name: string | undefined,
    entity: ImageUse["entity"],
    entityId: number | undefined,
    field: string,
  ) => {
    const stored = name === undefined ? undefined : images.get(name);
    if (!stored || entityId === undefined || uses.some((u) => u.key === stored.key)) return;
    uses.push({
      key: stored.key,
      contentType: stored.contentType,
      size: stored.size,
      entity,
      entityId,
      field,
    });
  };
  use(file.cover, "quiz", written.quizId, "start_page.media");
  let answerId = 0;
  file.questions.forEach((question, index) => {
    use(question.image, "question", written.questionIds.get(index + 1), "media");
    for (const answer of question.answers ?? []) {
      answerId += 1;
      use(answer.image, "answer", written.answerIds.get(answerId), "image");
    }
  });
  file.results.forEach((result, index) => {
    use(result.image, "result", written.resultIds[index], "media");
  });
  (file.additions ?? []).forEach((addition, index) => {
    if ("image" in addition) use(addition.image, "addition", written.additionIds[index], "image");
  });
  return uses;
}
