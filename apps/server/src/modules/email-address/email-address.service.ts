import { randomBytes } from "node:crypto";
import { DEFAULT_LANGUAGE, type InterfaceLanguageCode, isInterfaceLanguage } from "@leadquiz/i18n";
import type { AppContext } from "../../app-context";
import { AppError, FieldErrors } from "../../lib/app-error";
import { renderActionEmail } from "../../mail/mail-templates";
import {
  findUsableAccountTicket,
  insertAccountTicket,
  markAccountTicketUsed,
  retireAccountTickets,
} from "../account-tickets";
import {
  endCredentialsOfUser,
  findUserByEmail,
  findUserById,
  hashToken,
  type UserRow,
  updateUser,
  verifyPassword,
} from "../accounts";

/** How long a verification or change link works (docs/security.md). */
export const EMAIL_LINK_TTL_MS = 48 * 60 * 60 * 1000;

export type EmailAddressService = ReturnType<typeof createEmailAddressService>;

function languageOf(user: UserRow): InterfaceLanguageCode {
  return isInterfaceLanguage(user.languageCode) ? user.languageCode : DEFAULT_LANGUAGE;
}

/**
 * Proving and changing the account's e-mail address (docs/security.md, "Account takeover"):
 *
 * - Registration mails a verification link; the account works meanwhile, the owner app shows
 *   a banner with "send again". Social sign-in links only to a verified account.
 * - A change of address asks the current password, mails a link to the new address and a
 *   notice to the old one, and takes effect only when the link is followed. The answer is
 *   the same whether the new address is free or taken (the check happens in the background).
 *
 * Links carry 256 random bits; only their SHA-256 hash is stored; each works once, 48 hours.
 */
export function createEmailAddressService(ctx: Pick<AppContext, "db" | "config" | "mailer">) {
  const link = (path: string, token: string) =>
    `${ctx.config.publicUrl}/${path}/${encodeURIComponent(token)}`;

  async function newTicket(
    user: UserRow,
    purpose: "verify_email" | "change_email",
    email: string,
  ): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    await ctx.db.transaction(async (tx) => {
      // The newest link replaces the earlier ones of the same kind.
      await retireAccountTickets(tx, user.id, purpose, new Date());
      await insertAccountTicket(tx, {
        userId: user.id,
        purpose,
        email,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + EMAIL_LINK_TTL_MS),
      });
    });
    return token;
  }

  async function spend(purpose: "verify_email" | "change_email", token: string) {
    const invalid = new AppError("not_found", "token_not_valid");
    const ticket = await findUsableAccountTicket(ctx.db, purpose, hashToken(token), new Date());
    if (!ticket) throw invalid;
    return { ticket, invalid };
  }

  return {
    /** Mails the verification link of a user's current address (in the background). */
    sendVerification(userId: number): void {
      ctx.mailer.sendLater("verify_email", async () => {
        const user = await findUserById(ctx.db, userId);
        if (!user || user.emailVerifiedAt) return undefined;
        const token = await newTicket(user, "verify_email", user.email);
        return {
          to: user.email,
          ...renderActionEmail(languageOf(user), "verify_email", {
            link: link("verify-email", token),
          }),
        };
      });
    },

    /** Marks the address proven; 404 token_not_valid for an unknown, used or expired link. */
    async verify(token: string): Promise<void> {
      const { ticket, invalid } = await spend("verify_email", token);
      const done = await ctx.db.transaction(async (tx) => {
        const now = new Date();
        if (!(await markAccountTicketUsed(tx, ticket.id, now))) return false;
        const user = await findUserById(tx, ticket.userId);
        // The address changed since the link was sent: it proves nothing about the new one.
        if (!user || user.email.toLowerCase() !== ticket.email.toLowerCase()) return false;
        if (!user.emailVerifiedAt) await updateUser(tx, user.id, { emailVerifiedAt: now });
        return true;
      });
      if (!done) throw invalid;
    },

    /**
     * Asks to move the account to `newEmail`: checks the current password (400 `password`),
     * then, in the background, mails the confirmation link to the new address (unless another
     * account has it) and a notice to the old one. Same answer in every other case.
     */
    async requestChange(userId: number, newEmail: string, password: string): Promise<void> {
      const user = await findUserById(ctx.db, userId);
      if (!user) throw new AppError("token_not_valid");
      const valid =
        user.passwordHash !== null && (await verifyPassword(user.passwordHash, password));
      if (!valid) throw new FieldErrors({ password: ["errors:old_password_wrong"] });
      if (newEmail.toLowerCase() === user.email.toLowerCase()) return;
      const language = languageOf(user);
      ctx.mailer.sendLater("change_email", async () => {
        if (await findUserByEmail(ctx.db, newEmail)) return undefined;
        const token = await newTicket(user, "change_email", newEmail);
        return {
          to: newEmail,
          ...renderActionEmail(language, "change_email", { link: link("confirm-email", token) }),
        };
      });
      ctx.mailer.sendLater("email_change_notice", async () => ({
        to: user.email,
        ...renderActionEmail(language, "email_change_notice", {
          link: `${ctx.config.publicUrl}/settings`,
          email: newEmail,
        }),
      }));
    },

    /**
     * Follows a change link: the ticket's address becomes the account's e-mail and username,
     * proven, and every session of the account ends at once (every access and refresh token
     * and password-reset link: the next credential generation, docs/adr/0018), so whoever
     * held a session under the old address holds nothing now. 404 token_not_valid for an
     * unknown, used or expired link, or when another account took the address meanwhile.
     */
    async confirmChange(token: string): Promise<void> {
      const { ticket, invalid } = await spend("change_email", token);
      const done = await ctx.db.transaction(async (tx) => {
        const now = new Date();
        if (!(await markAccountTicketUsed(tx, ticket.id, now))) return false;
        const updated = await updateUser(tx, ticket.userId, {
          email: ticket.email,
          username: ticket.email,
          emailVerifiedAt: now,
        });
        if (!updated) return false;
        await endCredentialsOfUser(tx, ticket.userId);
        return true;
      });
      if (!done) throw invalid;
    },
  };
}
