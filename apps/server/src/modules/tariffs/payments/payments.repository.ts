import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client";
import { users } from "../../../db/schema";

/** Whether the account exists (a payment for a deleted one is not credited). */
export async function accountExists(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return rows.length > 0;
}
