import { createCipheriv, createHash, randomBytes } from "node:crypto";

/** The digits of a card number as typed (spaces and dashes dropped). */
export function cardDigits(typed: string): string {
  return typed.replace(/[\s-]/g, "");
}

/** The Luhn check every payment card number passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** How a card is shown: its last four digits only. */
export function maskCard(digits: string): string {
  return `•••• ${digits.slice(-4)}`;
}

/** AES-256-GCM with a key derived from ENCRYPTION_KEY: iv.tag.ciphertext in base64url. */
export function sealCard(digits: string, encryptionKey: string): string {
  const key = createHash("sha256").update(`leadquiz:card:v1:${encryptionKey}`).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(digits, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}
