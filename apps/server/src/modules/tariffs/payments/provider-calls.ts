import { randomUUID } from "node:crypto";
import { NON_FIELD_ERRORS } from "@leadquiz/contract";
import {
  type OutgoingHttp,
  type OutgoingRequest,
  OutgoingRequestError,
  type OutgoingResponse,
} from "../../../integrations/http/outgoing-http";
import { AppError, FieldErrors } from "../../../lib/app-error";

/** A call to a provider's API that must answer: network trouble is 503 to our caller. */
export async function callProvider(
  http: OutgoingHttp,
  request: OutgoingRequest,
): Promise<OutgoingResponse> {
  try {
    return await http.request(request);
  } catch (error) {
    if (error instanceof OutgoingRequestError) {
      throw new AppError("service_unavailable", "payment_provider_unreachable");
    }
    throw error;
  }
}

/** The JSON object of a provider's answer, or 503 when it is not one. */
export function jsonOf(response: OutgoingResponse): Record<string, unknown> {
  const parsed = parseJsonObject(response.body);
  if (!parsed) throw new AppError("service_unavailable", "payment_provider_unreachable");
  return parsed;
}

/** A JSON object, or null for anything else (a notification's body). */
export function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The value if it is a JSON object, else an empty one. */
export function asObject(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** The object at `key`, or an empty one. */
export function objectAt(value: unknown, key: string): Record<string, unknown> {
  return asObject(asObject(value)[key]);
}

/** The objects of the array at `key` (none when it is not an array). */
export function objectsAt(value: unknown, key: string): Record<string, unknown>[] {
  const inner = asObject(value)[key];
  return Array.isArray(inner) ? inner.map(asObject) : [];
}

/** A positive database id written by us into the provider's metadata, or undefined. */
export function idFrom(value: unknown): number | undefined {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : undefined;
}

/** A notification that is not the provider's: 401, nothing changes. */
export function refused(): AppError {
  return new AppError("not_authenticated", "payment_notification_refused");
}

export const idempotencyKey = () => randomUUID();

/** A notification whose body is not the JSON object it must be: 400, nothing changes. */
export function unreadable(): FieldErrors {
  return new FieldErrors({ [NON_FIELD_ERRORS]: ["invalid_request"] });
}
