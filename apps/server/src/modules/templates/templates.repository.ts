import { and, asc, count, eq, gt, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { questions, quizTemplates, quizzes } from "../../db/schema";

export type TemplateRow = typeof quizTemplates.$inferSelect;
export type NewTemplateRow = typeof quizTemplates.$inferInsert;

/** Every catalogue row (the seed compares their hashes with the files). */
export async function listTemplateRows(db: DbOrTx): Promise<TemplateRow[]> {
  return db.select().from(quizTemplates).orderBy(asc(quizTemplates.id));
}

/** Adds a template or changes the one of the same slug and language. */
export async function upsertTemplateRow(db: DbOrTx, row: NewTemplateRow): Promise<void> {
  const { slug, language, ...rest } = row;
  await db
    .insert(quizTemplates)
    .values(row)
    .onConflictDoUpdate({
      target: [quizTemplates.slug, quizTemplates.language],
      set: { ...rest, updatedAt: new Date() },
    });
}

export async function deleteTemplateRow(db: DbOrTx, id: number): Promise<void> {
  await db.delete(quizTemplates).where(eq(quizTemplates.id, id));
}

/** A catalogue entry as listed: the template row with its live quiz. */
export interface CatalogueEntry {
  quizId: number;
  title: string;
  description: string;
  type: string;
  theme: string;
  language: string;
  sort: number;
  startPage: Record<string, unknown>;
  publicKey: string;
  questionCount: number;
}

export interface CatalogueFilter {
  type?: string | undefined;
  theme?: string | undefined;
  language?: string | undefined;
  search?: string | undefined;
  /** The (sort, quiz id) of the last entry of the previous page. */
  after?: { sort: number; quizId: number } | undefined;
  limit: number;
}

/** Escapes `%`, `_` and `\` for a LIKE pattern. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const live = and(isNull(quizzes.deletedAt), eq(quizzes.isPublished, true));

/** A page of the catalogue: live published template quizzes, by sort then quiz id. */
export async function listCatalogue(
  db: DbOrTx,
  filter: CatalogueFilter,
): Promise<CatalogueEntry[]> {
  const where: (SQL | undefined)[] = [live];
  if (filter.type) where.push(eq(quizTemplates.type, filter.type));
  if (filter.theme) where.push(eq(quizTemplates.theme, filter.theme));
  if (filter.language) where.push(eq(quizTemplates.language, filter.language));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    where.push(or(ilike(quizzes.title, pattern), ilike(quizTemplates.description, pattern)));
  }
  if (filter.after) {
    const { sort, quizId } = filter.after;
    where.push(
      or(
        gt(quizTemplates.sort, sort),
        and(eq(quizTemplates.sort, sort), gt(quizTemplates.quizId, quizId)),
      ),
    );
  }
  const questionCount = db
    .select({ quizId: questions.quizId, n: count().as("n") })
    .from(questions)
    .groupBy(questions.quizId)
    .as("question_count");
  const rows = await db
    .select({
      quizId: quizTemplates.quizId,
      title: quizzes.title,
      description: quizTemplates.description,
      type: quizTemplates.type,
      theme: quizTemplates.theme,
      language: quizTemplates.language,
      sort: quizTemplates.sort,
      startPage: quizzes.startPage,
      publicKey: quizzes.publicKey,
      questionCount: sql<number>`coalesce(${questionCount.n}, 0)`.mapWith(Number),
    })
    .from(quizTemplates)
    .innerJoin(quizzes, eq(quizzes.id, quizTemplates.quizId))
    .leftJoin(questionCount, eq(questionCount.quizId, quizTemplates.quizId))
    .where(and(...where))
    .orderBy(asc(quizTemplates.sort), asc(quizTemplates.quizId))
    .limit(filter.limit);
  return rows.map((row) => ({ ...row, startPage: row.startPage as Record<string, unknown> }));
}

/** The template whose quiz is `quizId`, when it is live in the catalogue. */
export async function findLiveTemplate(
  db: DbOrTx,
  quizId: number,
): Promise<{ quizId: number; title: string } | undefined> {
  const [row] = await db
    .select({ quizId: quizTemplates.quizId, title: quizzes.title })
    .from(quizTemplates)
    .innerJoin(quizzes, eq(quizzes.id, quizTemplates.quizId))
    .where(and(eq(quizTemplates.quizId, quizId), live))
    .limit(1);
  return row;
}
