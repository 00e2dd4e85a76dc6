import { z } from "zod";
import { URL_MAX_LENGTH } from "./quiz-common";

/**
 * The fields of targets connected with credentials (docs/api.md "Lead delivery"): one
 * field's check and how it is kept and answered. A target lists its fields in
 * `integrationTargets` (integration-targets.ts); the create, update and answer schemas are
 * built from them (integrations.ts `credentialTargetSchemas`).
 */
export interface CredentialField {
  name: string;
  /** Write-only: encrypted at rest, answered masked (`"****a1b2"`). */
  secret: boolean;
  /** Answered as a number (null when optional and unset); otherwise a string. */
  integer: boolean;
  /** Optional fields may be null or left out. */
  required: boolean;
  /** An address the server calls (https only unless the server allows private networks). */
  url?: boolean;
  /** The field's check, bounds included. */
  input: z.ZodType<string> | z.ZodType<number>;
}

/** An API key: it travels in an HTTP header, so printable ASCII only (no spaces). */
export const apiTokenField = z
  .string()
  .trim()
  .min(1, { message: "required" })
  .max(255, { message: "too_long" })
  .refine((token) => /^[\x21-\x7E]+$/.test(token), { message: "invalid_characters" });

/** An id of the target's own (a user, a source, an address book): a positive int4. */
export const targetIntegerField = z.int32().min(1).max(2_147_483_647);

/** A short id of the target's own that goes into a URL path (a list, a campaign). */
export const targetKeyField = z
  .string()
  .trim()
  .min(1, { message: "required" })
  .max(64, { message: "too_long" })
  .refine((value) => /^[A-Za-z0-9_-]+$/.test(value), { message: "invalid_characters" });

/**
 * An address of the target's own the server calls (an account's API URL): http(s), no
 * spaces (https unless the server allows private networks: the outgoing HTTP client).
 */
export const targetUrlField = z
  .string()
  .trim()
  .max(URL_MAX_LENGTH, { message: "too_long" })
  .refine((value) => /^https?:\/\/[^\s/]+\S*$/i.test(value) && URL.canParse(value), {
    message: "invalid_url",
  });

/** A secret field (kept encrypted, answered masked); `url`: an address the server calls. */
export const secretField = (
  name: string,
  input: z.ZodType<string>,
  url = false,
): CredentialField => ({ name, secret: true, integer: false, required: true, url, input });

/** A required setting answered as given (a list id, an account name). */
export const plainField = (name: string, input: z.ZodType<string>): CredentialField => ({
  name,
  secret: false,
  integer: false,
  required: true,
  input,
});

/** An optional setting answered as given (null when unset). */
export const optionalPlainField = (name: string, input: z.ZodType<string>): CredentialField => ({
  ...plainField(name, input),
  required: false,
});

/** An id of the target's own, answered as a number. */
export const integerField = (name: string, required: boolean): CredentialField => ({
  name,
  secret: false,
  integer: true,
  required,
  input: targetIntegerField,
});
