import { NON_FIELD_ERRORS } from "@leadquiz/contract";

/** Field errors of a 400 answer: one key per field, each a list of messages. */
export type FieldErrors = Record<string, string[]>;

/**
 * What the HTTP client throws for every failed call: the HTTP status (0 when the server
 * could not be reached) and the parsed body (`{detail, code}`, a per-field record, or null).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown, message?: string) {
    super(message ?? describe(status, body));
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }

  /** The machine code of a `{detail, code}` body, if there is one. */
  get code(): string | undefined {
    return isRecord(this.body) && typeof this.body.code === "string" ? this.body.code : undefined;
  }

  /** The human message of a `{detail, code}` body (already translated by the server). */
  get detail(): string | undefined {
    return isRecord(this.body) && typeof this.body.detail === "string"
      ? this.body.detail
      : undefined;
  }

  /** Per-field messages of a validation answer, or null when the body is not one. */
  get fieldErrors(): FieldErrors | null {
    if (this.status !== 400 || !isRecord(this.body)) return null;
    const result: FieldErrors = {};
    for (const [field, messages] of Object.entries(this.body)) {
      if (Array.isArray(messages) && messages.every((m) => typeof m === "string")) {
        result[field] = messages;
      } else if (typeof messages === "string" && field !== "code") {
        result[field] = [messages];
      }
    }
    return Object.keys(result).length > 0 ? result : null;
  }

  /** The messages that belong to no field (`non_field_errors`). */
  get nonFieldErrors(): string[] {
    return this.fieldErrors?.[NON_FIELD_ERRORS] ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(status: number, body: unknown): string {
  if (isRecord(body) && typeof body.detail === "string") return body.detail;
  return status === 0 ? "Network error" : `HTTP ${status}`;
}
