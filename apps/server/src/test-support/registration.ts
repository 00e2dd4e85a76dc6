import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { outboxFileName } from "../mail/mailer";
import { apiPaths } from "./api-paths";
import { parseMail } from "./parse-mail";
import { smtpPeerAt } from "./smtp-peer";
import type { TestApp } from "./test-app";

/**
 * Registration as a person goes through it (docs/security.md "Registration"): POST register/
 * answers alike for every address, the account is made by the link the app mails. These read
 * that link where the app sent it: the SMTP peer of its SMTP_URL (smtp-peer.ts), or the `.eml`
 * outbox in DATA_DIR/mail/ (the default).
 */

/** What a registration link's path looks like in the mail: `{PUBLIC_URL}/complete-registration/{token}`. */
const LINK = /\/complete-registration\/([A-Za-z0-9_-]+)/;

/**
 * The token of the newest registration link the app mailed to `email` (waiting for the
 * background send); an SMTP peer's message is taken (smtp-peer.ts `next`).
 */
export async function registrationToken(
  t: Pick<TestApp, "app" | "config">,
  email: string,
): Promise<string> {
  const text = await newestMailText(t, email, "/complete-registration/");
  const token = LINK.exec(text)?.[1];
  if (!token) throw new Error(`no registration link in the e-mail to ${email}:\n${text}`);
  return token;
}

/**
 * The plain text of the newest e-mail to `email` holding `containing` (SMTP: the oldest not
 * taken yet, which it takes).
 */
export async function newestMailText(
  t: Pick<TestApp, "app" | "config">,
  email: string,
  containing: string,
): Promise<string> {
  const { smtpUrl, dataDir } = t.config;
  if (smtpUrl) {
    const peer = smtpPeerAt(smtpUrl);
    if (!peer) throw new Error(`no SMTP peer of this test process answers ${smtpUrl}`);
    return parseMail((await peer.next({ to: email, containing })).raw).text;
  }
  await t.app.mailer.idle();
  const directory = path.join(dataDir, "mail");
  // The outbox names each file after its recipient (mailer.ts outboxFileName).
  const who = outboxFileName(email).split("-").slice(-2, -1)[0] ?? "";
  const files = readdirSync(directory)
    .filter((name) => name.includes(`-${who}-`))
    .sort()
    .reverse();
  for (const name of files) {
    const text = parseMail(readFileSync(path.join(directory, name), "utf8")).text;
    if (text.includes(containing)) return text;
  }
  throw new Error(`no e-mail to ${email} holding ${containing} in ${directory}`);
}

/**
 * The `Cookie` header a browser would send to one call after this answer: each cookie it set
 * once (the session cookie is set for two paths, and a call matches one of them).
 */
export function cookieHeaderOf(response: LightMyRequestResponse): string {
  const byName = new Map(response.cookies.map((cookie) => [cookie.name, cookie.value]));
  return [...byName].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** POST register/complete/ with a mailed link's token (from a fresh client address). */
export function completeRegistration(
  t: Pick<TestApp, "app">,
  token: string,
  remoteAddress: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: "POST",
    url: `/api/v1${apiPaths.registerComplete}`,
    payload: { token },
    remoteAddress,
  });
}

/** The user id (`sub`) of an access token. */
export function userIdOf(access: string): number {
  const payload = access.split(".")[1] ?? "";
  return Number(
    (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { sub: string }).sub,
  );
}
