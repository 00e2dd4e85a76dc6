import { randomBytes } from "node:crypto";
import type { InterfaceLanguage } from "@leadquiz/contract";
import { DEFAULT_LANGUAGE, isInterfaceLanguage } from "@leadquiz/i18n";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { renderActionEmail } from "../../mail/mail-templates";
import { hashPassword } from "./password-hash";
import {
  deleteExpiredPendingRegistrations,
  findPendingRegistrationByTokenHash,
  insertPendingRegistration,
  lockPendingRegistrationsOf,
  retirePendingRegistrations,
  spendPendingRegistration,
} from "./pending-registrations.repository";
import { createTokenService, hashToken, type TokenPair } from "./tokens.service";
import { createUser, findUserByEmail, findUserByReferralCode } from "./users.repository";

/** How long the link mailed at registration works (docs/security.md "Registration"). */
export const REGISTRATION_LINK_TTL_MS = 48 * 60 * 60 * 1000;
/** Expired registrations are kept this long (so their link can say "expired"), then deleted. */
const EXPIRED_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

export interface RegisterInput {
  /** Already trimmed and lower-cased by the contract's emailField. */
  email: string;
  password: string;
  language: InterfaceLanguage;
  referralCode?: string | undefined;
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;

/**
 * Registration through a mailed link (docs/security.md "Registration"). `register` does the
 * same work and answers the same whether or not the address has an account: it hashes the
 * password, then, after the answer, either mails the account's owner that someone tried to
 * register with their address, or stores the registration and mails its link. Nothing exists
 * that signs in until `complete` follows the link: it makes the account (address proven) and
 * starts its session.
 */
export function createRegistrationService(
  ctx: Pick<AppContext, "db" | "secrets" | "config" | "mailer">,
) {
  const tokens = createTokenService(ctx);
  const { publicUrl } = ctx.config;

  return {
    /** Answers nothing: the outcome reaches the address only, by e-mail. */
    async register(input: RegisterInput): Promise<void> {
      // Hashed whatever the address, so the answer takes the same time for both.
      const passwordHash = await hashPassword(input.password);
      ctx.mailer.sendLater("registration", async () => {
        const now = new Date();
        const existing = await findUserByEmail(ctx.db, input.email);
        if (existing) {
          const language = isInterfaceLanguage(existing.languageCode)
            ? existing.languageCode
            : DEFAULT_LANGUAGE;
          return {
            to: existing.email,
            ...renderActionEmail(language, "registration_attempt", {
              link: `${publicUrl}/login`,
              reset_link: `${publicUrl}/forgot-password`,
            }),
          };
        }
        const referrer = input.referralCode
          ? await findUserByReferralCode(ctx.db, input.referralCode)
          : undefined;
        const token = randomBytes(32).toString("base64url");
        await deleteExpiredPendingRegistrations(ctx.db, new Date(now.getTime() - EXPIRED_KEPT_MS));
        await insertPendingRegistration(ctx.db, {
          email: input.email,
          passwordHash,
          languageCode: input.language,
          referredBy: referrer?.id ?? null,
          tokenHash: hashToken(token),
          expiresAt: new Date(now.getTime() + REGISTRATION_LINK_TTL_MS),
        });
        return {
          to: input.email,
          ...renderActionEmail(input.language, "complete_registration", {
            link: `${publicUrl}/complete-registration/${encodeURIComponent(token)}`,
          }),
        };
      });
    },

    /**
     * Follows the registration link: makes the account (address proven, the registration's
     * password, language and inviter), spends every other registration of the address and
     * answers the new session's tokens. 404 with a message saying why for a link that is
     * unknown, expired or used (also when the address got an account meanwhile).
     */
    async complete(token: string): Promise<TokenPair> {
      const tokenHash = hashToken(token);
      const now = new Date();
      const known = await findPendingRegistrationByTokenHash(ctx.db, tokenHash);
      if (!known) throw new AppError("not_found", "registration_link_invalid");
      const outcome = await ctx.db.transaction(async (tx) => {
        // The address's links take turns (the account is made once, nothing deadlocks).
        await lockPendingRegistrationsOf(tx, known.email);
        const pending = await spendPendingRegistration(tx, tokenHash, now);
        if (!pending?.passwordHash) return undefined;
        const user = await createUser(tx, {
          email: pending.email,
          username: pending.email,
          passwordHash: pending.passwordHash,
          languageCode: pending.languageCode,
          referredBy: pending.referredBy,
          emailVerifiedAt: now,
        });
        await retirePendingRegistrations(tx, pending.email, now);
        // The address got an account since (another of its links, social sign-in).
        if (!user) return "taken" as const;
        return tokens.issueTokenPair(user.id, tx);
      });
      if (outcome === "taken") throw new AppError("not_found", "registration_link_used");
      if (outcome) return outcome;
      const spent = await findPendingRegistrationByTokenHash(ctx.db, tokenHash);
      if (spent?.usedAt) throw new AppError("not_found", "registration_link_used");
      throw new AppError("not_found", "registration_link_expired");
    },
  };
}
