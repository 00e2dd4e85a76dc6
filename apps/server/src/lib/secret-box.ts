import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Secrets at rest (integration tokens, webhook signing secrets): AES-256-GCM under a key
 * derived from ENCRYPTION_KEY. A sealed value is `v1.<iv>.<tag>.<ciphertext>` (base64url);
 * a value sealed under another key, or altered, does not open (throws).
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const VERSION = "v1";

export function createSecretBox(encryptionKey: string): SecretBox {
  const key = createHash("sha256").update(`leadquiz:secret-box:${encryptionKey}`).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), data]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(".");
      if (version !== VERSION || !iv || !tag || data === undefined) {
        throw new Error("not a sealed secret");
      }
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([
        decipher.update(Buffer.from(data, "base64url")),
        decipher.final(),
      ]).toString("utf8");
    },
  };
}

/** `"****a1b2"`: the last four characters of a secret, for answers that must not show it. */
export function maskSecret(secret: string): string {
  return `****${secret.slice(-4)}`;
}

/**
 * A URL that may carry a token (a webhook's, a REST hook's), for answers: the scheme, the
 * host's last two labels (a token can be a leading label, as Pipedream's are) and the URL's
 * last four characters, e.g. `"https://****.zapier.com/****c1d2"`. User, port, path and
 * query are never shown. Text that is not a URL is masked as a secret.
 */
export function maskUrl(url: string): string {
  if (!URL.canParse(url)) return maskSecret(url);
  const { protocol, hostname } = new URL(url);
  const labels = hostname.split(".");
  const numeric = /^[\d.]+$/.test(hostname) || hostname.startsWith("[");
  const host = numeric || labels.length <= 2 ? hostname : `****.${labels.slice(-2).join(".")}`;
  return `${protocol}//${host}/${maskSecret(url)}`;
}
