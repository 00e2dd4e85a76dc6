import { createHmac, randomBytes } from "node:crypto";

/**
 * Standard Webhooks signing (docs/delivery.md, "Webhooks"): the secret is `whsec_<base64>`,
 * the signature `v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>` where the key is
 * the secret's base64 part decoded. Several signatures are space-separated (rotation).
 */
export const SECRET_PREFIX = "whsec_";

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString("base64")}`;
}

export function webhookSignature(secret: string, id: string, timestamp: number, body: string) {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
  const mac = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  return `v1,${mac}`;
}
