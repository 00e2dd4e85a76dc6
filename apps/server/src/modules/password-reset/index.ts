/**
 * The password-reset module's public face: asking for a reset link, and the links' rows the
 * account-recovery workflow spends inside its transaction.
 */

export { createPasswordResetService, type PasswordResetService } from "./password-reset.service";
export {
  findUsablePasswordResetToken,
  markPasswordResetTokenUsed,
  retirePasswordResetTokensOfUser,
} from "./password-reset-tokens.repository";
