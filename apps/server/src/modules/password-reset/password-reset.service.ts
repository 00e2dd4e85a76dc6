import { randomBytes } from "node:crypto";
import { DEFAULT_LANGUAGE, isInterfaceLanguage } from "@leadquiz/i18n";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { renderActionEmail } from "../../mail/mail-templates";
import {
  createTokenService,
  findUserByEmail,
  hashPassword,
  hashToken,
  updateUser,
} from "../accounts";
import {
  findUsablePasswordResetToken,
  insertPasswordResetToken,
  markPasswordResetTokenUsed,
  retirePasswordResetTokensOfUser,
} from "./password-reset-tokens.repository";

export const PASSWORD_RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

/**
 * Password reset by e-mail (docs/api.md "Accounts").
 *
 * - A token is 32 random bytes (256 bits) in base64url; only its SHA-256 hash is stored.
 *   It lives 1 hour and works once.
 * - Asking again creates another token and leaves the earlier ones valid until they expire
 *   (mails can arrive out of order; the user clicks whichever comes first). A successful
 *   reset retires every other unused token of that user.
 * - `requestReset` never tells whether the address has an account: the lookup, the token
 *   and the e-mail all happen in the background after the HTTP answer is decided, so the
 *   answer and its timing are the same for known and unknown addresses.
 */
export function createPasswordResetService(
  ctx: Pick<AppContext, "db" | "secrets" | "config" | "mailer">,
) {
  const tokens = createTokenService(ctx);

  return {
    /** Queues the lookup and the e-mail; returns at once, whatever the address. */
    requestReset(email: string): void {
      ctx.mailer.sendLater("password_reset", async () => {
        const user = await findUserByEmail(ctx.db, email);
        if (!user) return undefined;
        const token = randomBytes(32).toString("base64url");
        await insertPasswordResetToken(ctx.db, {
          userId: user.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + PASSWORD_RESET_TOKEN_TTL_MS),
        });
        const language = isInterfaceLanguage(user.languageCode)
          ? user.languageCode
          : DEFAULT_LANGUAGE;
        const link = `${ctx.config.publicUrl}/reset-password/${encodeURIComponent(token)}`;
        return { to: user.email, ...renderActionEmail(language, "password_reset", { link }) };
      });
    },

    /**
     * Sets the new password, spends the token and revokes every refresh token of the user,
     * in one transaction. 404 (`not_found`, "Token is not valid") for an unknown, expired or
     * used token.
     */
    async confirmReset(token: string, password: string): Promise<void> {
      const invalid = new AppError("not_found", "token_not_valid");
      const stored = await findUsablePasswordResetToken(ctx.db, hashToken(token), new Date());
      if (!stored) throw invalid;
      const passwordHash = await hashPassword(password);
      const done = await ctx.db.transaction(async (tx) => {
        const now = new Date();
        if (!(await markPasswordResetTokenUsed(tx, stored.id, now))) return false;
        // Following the mailed link proves the address too (docs/security.md).
        await updateUser(tx, stored.userId, { passwordHash, emailVerifiedAt: now });
        await retirePasswordResetTokensOfUser(tx, stored.userId, now);
        await tokens.revokeAllForUser(stored.userId, tx);
        return true;
      });
      if (!done) throw invalid;
    },
  };
}
