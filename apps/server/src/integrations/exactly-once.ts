import type { DeliveryAdapter, SendOutcome, SendRequest } from "./types";

/**
 * Sends a lead once (docs/delivery.md, "Exactly once at the target"): when an earlier try may
 * have reached the target, a `lookup` target is asked first whether the record is there; a
 * record found counts as delivered and nothing is created again. A lookup that fails is the
 * try's outcome (retried later), never a blind create.
 */
export async function sendOnce(
  adapter: DeliveryAdapter,
  request: SendRequest,
): Promise<SendOutcome> {
  if (request.mayHaveLanded && adapter.retrySafety === "lookup" && adapter.findExisting) {
    const existing = await adapter.findExisting(request);
    if (existing) return existing;
  }
  return adapter.send(request);
}
