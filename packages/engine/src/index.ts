export { validateEmail, EMAIL_MAX_LENGTH } from "./validation/email";
export { validationMessageKeys, type ValidationMessageKey } from "./validation/messages";
export {
  validatePassword,
  validatePasswordRepeat,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  type PasswordRuleOptions,
} from "./validation/password";
