import {
  bannerSectionSchema,
  bodySectionSchema,
  chatSectionSchema,
  landingSectionSchema,
  popupSectionSchema,
  type QuizConfig,
  type QuizConfigCreate,
  type QuizConfigUpdate,
  triggerSectionSchema,
} from "@leadquiz/contract";
import { IconKind } from "@leadquiz/contract/codes";
import type { z } from "zod";
import type { AppContext } from "../../app-context";
import type { Changes } from "../../db/changes";
import type { DbOrTx } from "../../db/client";
import { AppError, FieldErrors } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/database-errors";
import { fieldErrorsOf } from "../../lib/field-errors";
import { applyMergePatch } from "../../lib/json-merge-patch";
import { bumpDraftVersion, findOwnedQuizId } from "../quiz-access";
import {
  findConfigByQuiz,
  findOwnedConfig,
  insertConfig,
  lockQuizForConfig,
  type NewQuizConfigRow,
  type QuizConfigRow,
  subdomainTaken,
  updateConfig,
} from "./quiz-configs.repository";
import { reservedSubdomains } from "./reserved-subdomains";

/** The jsonb sections and the schema their merged content must keep. */
const sections = {
  trigger: triggerSectionSchema.partial(),
  banner: bannerSectionSchema.partial(),
  popup: popupSectionSchema.partial(),
  landing: landingSectionSchema.omit({ subdomain: true }).partial(),
  body: bodySectionSchema.partial(),
  chat: chatSectionSchema.partial(),
} as const;
type SectionName = keyof typeof sections;
const sectionNames = Object.keys(sections) as SectionName[];

type Writable = Omit<QuizConfigUpdate, "media" | "image"> & {
  media?: null | undefined;
  image?: null | undefined;
};

/**
 * The publication settings of a quiz (one per quiz). Sections are merge-patched and the
 * merged section re-checked. `landing.subdomain` lives in the unique `subdomain` column:
 * the format is the engine's rule (contract), a reserved one (reserved-subdomains.ts) is a
 * 400 on `landing.subdomain` ("subdomain_reserved"), a subdomain held by any other config
 * (case ignored) is one too ("subdomain_taken"), null releases it.
 */
export function createQuizConfigsService({ db, config }: Pick<AppContext, "db" | "config">) {
  const reserved = reservedSubdomains(config);
  return {
    async getByQuiz(userId: number, quizId: number): Promise<QuizConfig> {
      if ((await findOwnedQuizId(db, userId, quizId)) === undefined) {
        throw new AppError("not_found");
      }
      const row = await findConfigByQuiz(db, quizId);
      if (!row) throw new AppError("not_found");
      return presentQuizConfig(row);
    },

    async create(userId: number, body: QuizConfigCreate): Promise<QuizConfig> {
      return db.transaction(async (tx) => {
        if ((await findOwnedQuizId(tx, userId, body.quiz)) === undefined) {
          throw new AppError("not_found");
        }
        await lockQuizForConfig(tx, body.quiz);
        if (await findConfigByQuiz(tx, body.quiz)) {
          throw new FieldErrors({ quiz: ["quiz_config_exists"] });
        }
        const { quiz, ...fields } = body;
        const changes = await changesOf(tx, emptyConfig(quiz), fields, reserved);
        const row = await withSubdomainRace(() => insertConfig(tx, { quizId: quiz, ...changes }));
        await bumpDraftVersion(tx, quiz);
        return presentQuizConfig(row);
      });
    },

    async update(userId: number, configId: number, body: QuizConfigUpdate): Promise<QuizConfig> {
      return db.transaction(async (tx) => {
        const current = await findOwnedConfig(tx, userId, configId);
        if (!current) throw new AppError("not_found");
        await lockQuizForConfig(tx, current.quizId);
        const changes = await changesOf(tx, current, body, reserved);
        const row = await withSubdomainRace(() => updateConfig(tx, current.id, changes));
        await bumpDraftVersion(tx, current.quizId);
        return presentQuizConfig(row);
      });
    },
  };
}

export function presentQuizConfig(row: QuizConfigRow): QuizConfig {
  return {
    id: row.id,
    quiz: row.quizId,
    display_mode: row.displayMode,
    icon_kind: row.iconKind,
    media: row.media,
    image: row.image,
    trigger: row.trigger,
    banner: row.banner,
    popup: row.popup,
    landing: { ...row.landing, subdomain: row.subdomain },
    body: row.body,
    chat: row.chat,
  };
}

/** The column changes of a body: sections merged and re-checked, subdomain checked. */
async function changesOf(
  db: DbOrTx,
  current: QuizConfigRow,
  body: Writable,
  reserved: ReadonlySet<string>,
): Promise<Changes<Omit<NewQuizConfigRow, "quizId">>> {
  const changes: Changes<Omit<NewQuizConfigRow, "quizId">> = {
    displayMode: body.display_mode,
    iconKind: body.icon_kind,
  };
  if (body.media === null) changes.media = null;
  if (body.image === null) changes.image = null;
  const errors: Record<string, string[]> = {};
  for (const name of sectionNames) {
    const patch = body[name];
    if (patch === undefined) continue;
    const { subdomain: _subdomain, ...sectionPatch } = patch as Record<string, unknown>;
    const merged = applyMergePatch(current[name], sectionPatch);
    const parsed = (sections[name] as z.ZodType).safeParse(merged);
    if (parsed.success) {
      Object.assign(changes, { [name]: parsed.data });
    } else {
      Object.assign(errors, fieldErrorsOf(parsed.error.issues, { prefix: [name] }));
    }
  }
  const subdomain = body.landing?.subdomain;
  if (subdomain !== undefined) {
    if (subdomain !== null && reserved.has(subdomain.toLowerCase())) {
      errors["landing.subdomain"] = ["subdomain_reserved"];
    } else if (
      subdomain !== null &&
      (await subdomainTaken(db, subdomain, current.id || undefined))
    ) {
      errors["landing.subdomain"] = ["subdomain_taken"];
    }
    changes.subdomain = subdomain;
  }
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  return changes;
}

/** A config not stored yet (id 0), to merge a create body into. */
function emptyConfig(quizId: number): QuizConfigRow {
  const now = new Date();
  return {
    id: 0,
    quizId,
    displayMode: "regular",
    iconKind: IconKind.Icon,
    media: null,
    image: null,
    trigger: {},
    banner: {},
    popup: {},
    landing: {},
    body: {},
    chat: {},
    subdomain: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** Two owners claiming one subdomain at once: the unique index decides; the loser gets a 400. */
async function withSubdomainRace<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, "quiz_configs_subdomain_lower_key")) {
      throw new FieldErrors({ "landing.subdomain": ["subdomain_taken"] });
    }
    throw error;
  }
}
