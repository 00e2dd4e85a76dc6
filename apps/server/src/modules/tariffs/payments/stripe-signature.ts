import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Stripe's notification signature (docs/money.md "Stripe"): the `Stripe-Signature` header is
 * `t=<unix seconds>,v1=<hex>[,v1=<hex>…]`, each v1 the hex HMAC-SHA256, keyed by the
 * endpoint's secret (`whsec_…`), of `<t>.<raw body>`. Older schemes (`v0`) are ignored.
 */

/** How far the signed time may be from ours, as Stripe's libraries default (5 minutes). */
export const STRIPE_SIGNATURE_TOLERANCE_S = 300;

/** The hex v1 signature of `payload` signed at `timestamp` (seconds). */
export function stripeV1Signature(secret: string, timestamp: number, payload: Buffer | string) {
  return createHmac("sha256", secret).update(`${timestamp}.`, "utf8").update(payload).digest("hex");
}

/** The header Stripe would send (used by the test fake). */
export function stripeSignatureHeader(
  secret: string,
  timestamp: number,
  payload: Buffer | string,
): string {
  return `t=${timestamp},v1=${stripeV1Signature(secret, timestamp, payload)}`;
}

/**
 * Whether the header signs these raw bytes with the secret at a time within the tolerance
 * of `nowS`. Any of several v1 signatures may match (Stripe sends two while a secret rolls).
 */
export function verifyStripeSignature(
  header: string | string[] | undefined,
  payload: Buffer,
  secret: string,
  nowS: number,
  toleranceS = STRIPE_SIGNATURE_TOLERANCE_S,
): boolean {
  if (typeof header !== "string" || header.length > 4096) return false;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === undefined || signatures.length === 0) return false;
  if (Math.abs(nowS - timestamp) > toleranceS) return false;
  const expected = Buffer.from(stripeV1Signature(secret, timestamp, payload), "hex");
  return signatures.some((signature) => timingSafeEqual(Buffer.from(signature, "hex"), expected));
}
