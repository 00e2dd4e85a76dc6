export { assertNever } from "./assert-never";
export * from "./codes";
export * from "./question-types";
export { ANSWERS_MAX, ANSWERS_MIN, validateAnswerCount } from "./validation/answers";
export {
  type ConditionErrorField,
  type ConditionErrors,
  type ConditionRuleInput,
  type ConditionRuleQuestion,
  conditionKindSupported,
  refComesBefore,
  sameCondition,
  supportedConditionKinds,
  validateConditionReference,
  validateQuestionCondition,
} from "./validation/conditions";
export { EMAIL_MAX_LENGTH, validateEmail } from "./validation/email";
export { MAX_UPLOAD_BYTES, MAX_UPLOAD_MEGABYTES, validateFileSize } from "./validation/file";
export { validationMessageParams } from "./validation/message-params";
export { type ValidationMessageKey, validationMessageKeys } from "./validation/messages";
export {
  formatCents,
  MIN_REFERRAL_WITHDRAWAL_CENTS,
  MIN_REFERRAL_WITHDRAWAL_DOLLARS,
  type MoneyInput,
  parseMoneyToCents,
  validateBalanceTransfer,
  validatePayFromBalance,
  validateReferralWithdrawal,
} from "./validation/money";
export { isMultipleOfStep, type NumberRange, validateNumberStep } from "./validation/number-step";
export {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PasswordRuleOptions,
  validatePassword,
  validatePasswordRepeat,
} from "./validation/password";
export {
  type DefaultPhoneCountry,
  defaultPhoneCountries,
  defaultPhoneCountryFor,
} from "./validation/phone-country";
export { internationalPhoneNumber, type PhoneMetadata } from "./validation/phone-number";
export { PIXEL_ID_MAX_DIGITS, PIXEL_ID_MIN_DIGITS, pixelIdHint } from "./validation/pixel";
export { PORTFOLIO_MAX_ITEMS as ENGINE_PORTFOLIO_MAX_ITEMS } from "./validation/portfolio";
export { validateRequired, validateRequiredCheckbox } from "./validation/required";
export {
  normalizeSubdomain,
  SUBDOMAIN_MAX_LENGTH,
  SUBDOMAIN_MIN_LENGTH,
  validateSubdomain,
} from "./validation/subdomain";
export { extractYouTubeVideoId, validateYouTubeUrl } from "./validation/youtube";

// Quiz engine: flow, answer values, conditions, formulas, results, additions.

export { type ButtonShape, type ButtonStyle, buttonStyle } from "./design/button-style";
export {
  AA_TEXT_CONTRAST,
  contrastRatio,
  errorColorOn,
  meetsTextContrast,
  parseColor,
  type Rgb,
  relativeLuminance,
} from "./design/contrast";
export * from "./quiz/index";
export * from "./quiz/lead-answers";
