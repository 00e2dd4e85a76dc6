import type { QuizEventType } from "@leadquiz/contract";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { quizEvents, visitorSessions } from "../../db/schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The id of `session` when it is a session of `quizId`, as an SQL expression (null for an
 * unknown or malformed one): the check rides along with the INSERT, no extra round trip.
 */
export function sessionOfQuiz(session: string | null | undefined, quizId: number) {
  if (!session || !UUID.test(session)) return null;
  return sql`(select ${visitorSessions.id} from ${visitorSessions}
    where ${visitorSessions.id} = ${session.toLowerCase()}::uuid and ${visitorSessions.quizId} = ${quizId})`;
}

export async function insertSession(
  db: DbOrTx,
  values: { quizId: number; utm: Record<string, string>; referrer: string; pageUrl: string },
): Promise<string> {
  const [row] = await db
    .insert(visitorSessions)
    .values(values)
    .returning({ id: visitorSessions.id });
  if (!row) throw new Error("visitor session not inserted");
  return row.id;
}

export async function insertEvent(
  db: DbOrTx,
  values: {
    quizId: number;
    session: string | null | undefined;
    type: QuizEventType;
    questionId: number | null;
  },
): Promise<void> {
  await db.insert(quizEvents).values({
    quizId: values.quizId,
    sessionId: sessionOfQuiz(values.session, values.quizId),
    type: values.type,
    questionId: values.questionId,
  });
}
