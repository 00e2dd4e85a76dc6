import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP peer on loopback for the browser tests: every message the server sends is
 * written as an .eml file into `dir`, where the tests read it.
 */
export async function startSmtpInbox(
  dir: string,
): Promise<{ port: number; close(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        count += 1;
        writeFileSync(path.join(dir, `${Date.now()}-${count}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Waits for a message to `to` (holding `contains`, e.g. a link's path, when given) in the
 * inbox and returns the newest one's raw text (quoted-printable decoded).
 */
export async function waitForMail(
  dir: string,
  to: string,
  contains = "",
  timeoutMs = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of readdirSync(dir).sort().reverse()) {
      const raw = readFileSync(path.join(dir, file), "utf8");
      if (!raw.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue;
      const decoded = decodeQuotedPrintable(raw);
      if (decoded.includes(contains)) return decoded;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no e-mail to ${to} arrived`);
}

/** The inbox folder of the run (global-setup). */
export function inboxDir(): string {
  const dir = process.env.E2E_INBOX_DIR;
  if (!dir) throw new Error("E2E_INBOX_DIR is not set by the global setup");
  return dir;
}

/** The first `{origin}/{path}/{token}` link of an e-mail's text. */
export function linkIn(mail: string, path: string): string {
  const link = mail.match(new RegExp(`https?://[^\\s"<>]+/${path}/[A-Za-z0-9_-]+`))?.[0];
  if (!link) throw new Error(`no ${path} link in the e-mail`);
  return link;
}

/** The registration link mailed to `email` (the newest one). */
export async function registrationLink(email: string): Promise<string> {
  return linkIn(
    await waitForMail(inboxDir(), email, "/complete-registration/"),
    "complete-registration",
  );
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
