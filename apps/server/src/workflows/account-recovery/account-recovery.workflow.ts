import { DEFAULT_LANGUAGE, isInterfaceLanguage } from "@leadquiz/i18n";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { renderActionEmail } from "../../mail/mail-templates";
import {
  endCredentialsOfUser,
  hashPassword,
  hashToken,
  lockUserById,
  type UserRow,
  updateUser,
} from "../../modules/accounts";
import { deleteApiKeysOfUser } from "../../modules/api-keys";
import {
  findUsablePasswordResetToken,
  markPasswordResetTokenUsed,
  retirePasswordResetTokensOfUser,
} from "../../modules/password-reset";

export type AccountRecoveryWorkflow = ReturnType<typeof createAccountRecoveryWorkflow>;

/**
 * `POST password_reset/confirm/` (confirmPasswordReset): whoever follows a reset link takes
 * the account over, so everything the account had handed out before ends with it
 * (docs/security.md), in one transaction with the account's row locked:
 *
 * - the link must be usable (unknown, used, expired → 404 "Token is not valid") and of the
 *   account's current credential generation (docs/adr/0018), else it died with a password
 *   change, an e-mail change, signing out everywhere or a newer link;
 * - the new password is set, the link is spent and the address counts as proven (the link
 *   came to it);
 * - every session ends at once (the next credential generation: access tokens, refresh
 *   tokens and any other link of the account);
 * - every API key of the account is revoked with the REST hooks made with it, and the owner
 *   is told by e-mail, in the account's language, which keys went.
 */
export function createAccountRecoveryWorkflow(ctx: Pick<AppContext, "db" | "config" | "mailer">) {
  /** Tells the owner which keys the reset revoked (nothing to tell without keys). */
  function mailRevokedKeys(user: UserRow, names: string[]): void {
    if (names.length === 0) return;
    const language = isInterfaceLanguage(user.languageCode) ? user.languageCode : DEFAULT_LANGUAGE;
    ctx.mailer.sendLater("api_keys_revoked", async () => ({
      to: user.email,
      ...renderActionEmail(language, "api_keys_revoked", {
        link: `${ctx.config.publicUrl}/settings`,
        keys: names.join(", "),
      }),
    }));
  }

  return {
    async confirmReset(token: string, password: string): Promise<void> {
      const invalid = new AppError("not_found", "token_not_valid");
      const stored = await findUsablePasswordResetToken(ctx.db, hashToken(token), new Date());
      if (!stored) throw invalid;
      const passwordHash = await hashPassword(password);
      const recovered = await ctx.db.transaction(async (tx) => {
        const now = new Date();
        const user = await lockUserById(tx, stored.userId);
        if (!user || user.credentialGeneration !== stored.credentialGeneration) return undefined;
        if (!(await markPasswordResetTokenUsed(tx, stored.id, now))) return undefined;
        await updateUser(tx, user.id, { passwordHash, emailVerifiedAt: now });
        await retirePasswordResetTokensOfUser(tx, user.id, now);
        await endCredentialsOfUser(tx, user.id);
        return { user, revokedKeys: await deleteApiKeysOfUser(tx, user.id) };
      });
      if (!recovered) throw invalid;
      mailRevokedKeys(recovered.user, recovered.revokedKeys);
    },
  };
}
