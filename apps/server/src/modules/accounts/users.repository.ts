import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema";

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  email: string;
  username: string;
  passwordHash: string | null;
  languageCode: string;
  firstName?: string;
  lastName?: string;
  referredBy?: number | null;
  /** Set when the address is already proven (a provider's verified e-mail). */
  emailVerifiedAt?: Date | null;
}

/** E-mail lookups ignore case (the unique index is on lower(email)). */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return rows[0];
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/**
 * The user's row, locked until the transaction ends (FOR UPDATE): a password reset reads the
 * credential generation under it, so a concurrent change cannot slip between (docs/adr/0018).
 */
export async function lockUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1).for("update");
  return rows[0];
}

/**
 * The account's credential generation (docs/adr/0018), or undefined for a deleted account:
 * the one lookup (by primary key) of every authenticated call.
 */
export async function findCredentialGeneration(
  db: DbOrTx,
  id: number,
): Promise<number | undefined> {
  const rows = await db
    .select({ generation: users.credentialGeneration })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return rows[0]?.generation;
}

/** Moves the account to its next credential generation: everything issued before dies. */
export async function advanceCredentialGeneration(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(users)
    .set({ credentialGeneration: sql`${users.credentialGeneration} + 1` })
    .where(eq(users.id, id));
}

export async function findUserByReferralCode(
  db: DbOrTx,
  code: string,
): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.referralCode, code)).limit(1);
  return rows[0];
}

/** Inserts a user; returns undefined when the e-mail is taken (unique index, race-safe). */
export async function createUser(db: DbOrTx, input: NewUser): Promise<UserRow | undefined> {
  const rows = await db
    .insert(users)
    .values({
      email: input.email,
      username: input.username,
      passwordHash: input.passwordHash,
      languageCode: input.languageCode,
      firstName: input.firstName ?? "",
      lastName: input.lastName ?? "",
      referredBy: input.referredBy ?? null,
      emailVerifiedAt: input.emailVerifiedAt ?? null,
      referralCode: randomBytes(6).toString("base64url"),
    })
    .onConflictDoNothing()
    .returning();
  return rows[0];
}

export interface UserChanges {
  email?: string;
  username?: string;
  firstName?: string;
  lastName?: string;
  languageCode?: string;
  passwordHash?: string;
  emailVerifiedAt?: Date | null;
}

/** Updates a user; returns undefined when the new e-mail belongs to another account. */
export async function updateUser(
  db: DbOrTx,
  id: number,
  changes: UserChanges,
): Promise<UserRow | undefined> {
  try {
    const rows = await db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return rows[0];
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
