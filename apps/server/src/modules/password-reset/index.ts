/** The password-reset module's public face: the password-reset service. */
export { createPasswordResetService, type PasswordResetService } from "./password-reset.service";
