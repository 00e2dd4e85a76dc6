import { NON_FIELD_ERRORS } from "@leadquiz/contract";
import { FieldErrors } from "./app-error";

/** A zod issue as far as the field errors need it. */
export interface SchemaIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
}

export interface FieldErrorOptions {
  /** Path segments in front of each issue's path (`config`, `settings`, `design`, …). */
  prefix?: readonly string[];
  /**
   * The message keys a custom issue may carry as they are; other custom messages become
   * `invalid_value` too. Without it, every custom issue's message is its key.
   */
  knownKeys?: ReadonlySet<string>;
}

/**
 * The field errors of a refused value, the one way every service reports them: one entry
 * per dotted path (`NON_FIELD_ERRORS` for an issue of the whole value), the issue's
 * message key for a custom issue (the contract's refinements name their key), else
 * `invalid_value`; several issues of one field are kept in order, each key once.
 */
export function fieldErrorsOf(
  issues: readonly SchemaIssue[],
  { prefix = [], knownKeys }: FieldErrorOptions = {},
): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = [...prefix, ...issue.path.map(String)].join(".") || NON_FIELD_ERRORS;
    const custom = issue.code === "custom" && (knownKeys?.has(issue.message) ?? true);
    const key = custom ? issue.message : "invalid_value";
    const list = fields[field] ?? [];
    if (!list.includes(key)) list.push(key);
    fields[field] = list;
  }
  return fields;
}

/** The 400 answer of a refused value: `FieldErrors` with `fieldErrorsOf(issues)`. */
export function schemaFieldErrors(
  issues: readonly SchemaIssue[],
  options?: FieldErrorOptions,
): FieldErrors {
  return new FieldErrors(fieldErrorsOf(issues, options));
}
