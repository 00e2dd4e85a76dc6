import { type PasswordRuleOptions, validateEmail, validatePassword } from "@leadquiz/engine";
import { z } from "zod";

/**
 * Field schemas built on the engine's rules. An issue's message is a validation message key
 * (packages/engine validation/messages.ts); the server and the web app translate it.
 */
export const emailField = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const key = validateEmail(value);
    if (key) ctx.addIssue({ code: "custom", message: key });
  })
  .transform((value) => value.toLowerCase());

export const passwordField = (options: PasswordRuleOptions = {}) =>
  z.string().superRefine((value, ctx) => {
    const key = validatePassword(value, options);
    if (key) ctx.addIssue({ code: "custom", message: key });
  });

/** Any non-empty text (login password, tokens): the rule is only "required". */
export const requiredText = z.string().min(1, { message: "required" });

/** Interface languages (docs/product.md "Languages"); ids as in languagelist: uk 1, en 2, ru 3. */
export const interfaceLanguages = ["en", "ru", "uk"] as const;
export const interfaceLanguageSchema = z.enum(interfaceLanguages);
export type InterfaceLanguage = z.infer<typeof interfaceLanguageSchema>;
