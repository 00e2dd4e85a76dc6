import { type InterfaceLanguage, interfaceLanguageSchema, type User } from "@leadquiz/contract";
import type { AppContext } from "../../app-context";
import { AppError, FieldErrors } from "../../lib/app-error";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password-hash";
import { createTokenService, type TokenPair } from "./tokens.service";
import {
  findUserByEmail,
  findUserById,
  type UserChanges,
  type UserRow,
  updateUser,
} from "./users.repository";

export interface UserPatch {
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | undefined;
  languageCode?: InterfaceLanguage | undefined;
}

export type AccountsService = ReturnType<typeof createAccountsService>;

/**
 * The account rules: sign-in, token refresh and logout, password change and the user's own
 * profile (registration: registration.service.ts). Plain factory over `{db, secrets}`; the
 * routes only translate HTTP.
 */
export function createAccountsService(ctx: Pick<AppContext, "db" | "secrets">) {
  const tokens = createTokenService(ctx);
  // Hash the dummy password now, so the first failed sign-in is not slower than the rest.
  void dummyPasswordHash();

  return {
    /**
     * Signs in with e-mail and password. An unknown address, a wrong password and an account
     * without a password (social sign-in only) fail alike, after the same argon2 work.
     */
    async login(email: string, password: string): Promise<TokenPair> {
      const user = await findUserByEmail(ctx.db, email);
      const passwordHash = user?.passwordHash ?? (await dummyPasswordHash());
      const valid = await verifyPassword(passwordHash, password);
      if (!user || user.passwordHash === null || !valid) {
        throw new AppError("invalid_credentials");
      }
      return tokens.issueTokenPair(user.id);
    },

    /**
     * Spends a refresh token for a new pair; reusing a spent one revokes its whole chain. No
     * token (no session cookie) answers 401 token_not_valid as a bad one does.
     */
    async refresh(refresh: string | undefined): Promise<TokenPair> {
      if (refresh === undefined) throw new AppError("token_not_valid", "refresh_not_valid");
      return tokens.rotate(refresh);
    },

    /** Revokes the refresh token's chain; no token, an unknown or an invalid one is ignored. */
    async logout(refresh: string | undefined): Promise<void> {
      if (refresh !== undefined) await tokens.revoke(refresh);
    },

    /**
     * Signs out everywhere: every access and refresh token of the account dies at once (the
     * next credential generation, docs/adr/0018), this session's too.
     */
    async logoutEverywhere(userId: number): Promise<void> {
      await ctx.db.transaction((tx) => tokens.revokeAllForUser(userId, tx));
    },

    /**
     * Changes the password after checking the current one, ends every session of the user
     * (every access and refresh token, this session's included, and every password-reset
     * link: the next credential generation) and returns a fresh pair of the new generation
     * for this session.
     */
    async changePassword(
      userId: number,
      oldPassword: string,
      newPassword: string,
    ): Promise<TokenPair> {
      const user = await requireUser(userId);
      const valid =
        user.passwordHash !== null && (await verifyPassword(user.passwordHash, oldPassword));
      if (!valid) throw new FieldErrors({ old_password: ["errors:old_password_wrong"] });
      const passwordHash = await hashPassword(newPassword);
      return ctx.db.transaction(async (tx) => {
        await updateUser(tx, userId, { passwordHash });
        await tokens.revokeAllForUser(userId, tx);
        return tokens.issueTokenPair(userId, tx);
      });
    },

    /** The signed-in user's profile. */
    async getUser(userId: number): Promise<User> {
      return presentUser(await requireUser(userId));
    },

    /**
     * Updates the signed-in user's own profile; any other id answers 404 exactly as a missing
     * one. The e-mail changes only through POST email/change/ (password and a link to the new
     * address); a different `email` here answers 400 email, the same one is accepted.
     */
    async updateUser(userId: number, targetId: number, patch: UserPatch): Promise<User> {
      if (targetId !== userId) throw new AppError("not_found");
      const current = await requireUser(userId);
      const changes: UserChanges = {};
      if (patch.firstName !== undefined) changes.firstName = patch.firstName;
      if (patch.lastName !== undefined) changes.lastName = patch.lastName;
      if (patch.languageCode !== undefined) changes.languageCode = patch.languageCode;
      if (patch.email !== undefined && patch.email.toLowerCase() !== current.email.toLowerCase()) {
        // A new address needs the password and a confirmation link (POST email/change/).
        throw new FieldErrors({ email: ["errors:email_change_needs_confirmation"] });
      }
      if (Object.keys(changes).length === 0) return presentUser(current);
      const updated = await updateUser(ctx.db, userId, changes);
      if (!updated) throw new FieldErrors({ email: ["errors:email_taken"] });
      return presentUser(updated);
    },
  };

  /** The account of a valid access token; gone (deleted) → 401 token_not_valid. */
  async function requireUser(userId: number): Promise<UserRow> {
    const user = await findUserById(ctx.db, userId);
    if (!user) throw new AppError("token_not_valid");
    return user;
  }
}

/** The contract's view of a user row (never the row itself: no hash, no internal fields). */
export function presentUser(row: UserRow): User {
  const language = interfaceLanguageSchema.safeParse(row.languageCode);
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
    language_code: language.success ? language.data : "en",
    date_joined: row.dateJoined.toISOString(),
    referral_code: row.referralCode,
    email_verified: row.emailVerifiedAt !== null,
  };
}
