import { randomBytes } from "node:crypto";
import { DEFAULT_LANGUAGE, isInterfaceLanguage } from "@leadquiz/i18n";
import type { AppContext } from "../../app-context";
import { renderActionEmail } from "../../mail/mail-templates";
import { findUserByEmail, hashToken, lockUserById } from "../accounts";
import {
  insertPasswordResetToken,
  retirePasswordResetTokensOfUser,
} from "./password-reset-tokens.repository";

export const PASSWORD_RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

/**
 * Asking for a password reset by e-mail (docs/api.md "Accounts"); following the link is
 * account recovery (workflows/account-recovery).
 *
 * - A token is 32 random bytes (256 bits) in base64url; only its SHA-256 hash is stored.
 *   It lives 1 hour and works once.
 * - Only the newest link works: asking again retires every earlier unused link of the
 *   account. A link also dies when the account's credential generation moves on (a password
 *   change or reset, an e-mail change, signing out everywhere: docs/adr/0018).
 * - `requestReset` never tells whether the address has an account: the lookup, the token
 *   and the e-mail all happen in the background after the HTTP answer is decided, so the
 *   answer and its timing are the same for known and unknown addresses.
 */
export function createPasswordResetService(ctx: Pick<AppContext, "db" | "config" | "mailer">) {
  return {
    /** Queues the lookup and the e-mail; returns at once, whatever the address. */
    requestReset(email: string): void {
      ctx.mailer.sendLater("password_reset", async () => {
        const user = await findUserByEmail(ctx.db, email);
        if (!user) return undefined;
        const token = randomBytes(32).toString("base64url");
        const made = await ctx.db.transaction(async (tx) => {
          // The account's row locked: two requests at once retire and insert in turn, so
          // exactly one link (the last) is left, of the generation read under the lock.
          const locked = await lockUserById(tx, user.id);
          if (!locked) return false;
          await retirePasswordResetTokensOfUser(tx, user.id, new Date());
          await insertPasswordResetToken(tx, {
            userId: user.id,
            tokenHash: hashToken(token),
            credentialGeneration: locked.credentialGeneration,
            expiresAt: new Date(Date.now() + PASSWORD_RESET_TOKEN_TTL_MS),
          });
          return true;
        });
        if (!made) return undefined;
        const language = isInterfaceLanguage(user.languageCode)
          ? user.languageCode
          : DEFAULT_LANGUAGE;
        const link = `${ctx.config.publicUrl}/reset-password/${encodeURIComponent(token)}`;
        return { to: user.email, ...renderActionEmail(language, "password_reset", { link }) };
      });
    },
  };
}
