import { eq, isNull, type SQL, sql } from "drizzle-orm";
import { projects, quizzes } from "../db/schema";

/**
 * The ownership rule, in one place (docs/boundaries.md "Ownership"): a quiz belongs to the
 * caller when its `user_id` is theirs and neither it nor its project is deleted; a project
 * when its `user_id` is theirs and it is not deleted. Anything else (another account's,
 * deleted, missing) answers 404 exactly alike, so every query that reads or changes owned
 * content filters with these conditions.
 */

/** The quiz row belongs to `userId` and is live; the query must join `projects` on the quiz. */
export function quizOwnedBy(userId: number): SQL {
  return all([eq(quizzes.userId, userId), isNull(quizzes.deletedAt), isNull(projects.deletedAt)]);
}

/** The project row belongs to `userId` and is live. */
export function projectOwnedBy(userId: number): SQL {
  return all([eq(projects.userId, userId), isNull(projects.deletedAt)]);
}

/**
 * Visitors see a quiz (its public key, its snapshots, its landing) when it is published
 * (shown) and neither it nor its project is deleted; the query must join `projects`.
 */
export function quizLiveForVisitors(): SQL {
  return all([
    eq(quizzes.isPublished, true),
    isNull(quizzes.deletedAt),
    isNull(projects.deletedAt),
  ]);
}

/** The conditions joined by AND, as one SQL condition (drizzle's `and` may answer undefined). */
function all(conditions: SQL[]): SQL {
  return sql`(${sql.join(conditions, sql` and `)})`;
}
