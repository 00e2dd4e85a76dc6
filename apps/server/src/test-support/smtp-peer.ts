import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { parseMail } from "./parse-mail";

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  /** The raw RFC 5322 message. */
  raw: string;
}

export interface RunningSmtpPeer {
  /** `smtp://127.0.0.1:{port}/?ignoreTLS=true`: set it as SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /**
   * Resolves with the oldest message not taken yet (to `to`, and whose plain text holds
   * `containing`, when given), waiting for it to arrive; each message is taken once.
   */
  next(options?: { to?: string; containing?: string; timeoutMs?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** The peers running in this process, by their URL (an app's SMTP_URL names its peer). */
const running = new Map<string, RunningSmtpPeer>();

/** The running peer an app with this SMTP_URL sends to, if the tests started it. */
export function smtpPeerAt(url: string): RunningSmtpPeer | undefined {
  return running.get(url);
}

/**
 * A real SMTP server (`smtp-server`) on loopback that keeps every message in memory. It
 * offers no STARTTLS and needs no login; the URL tells nodemailer not to try TLS.
 */
export async function startSmtpPeer(): Promise<RunningSmtpPeer> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiting: (() => void)[] = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        for (const wake of waiting.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const url = `smtp://127.0.0.1:${port}/?ignoreTLS=true`;
  const peer: RunningSmtpPeer = {
    url,
    received,
    async next({ to, containing, timeoutMs = 5_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      const wanted = (mail: ReceivedMail) =>
        !taken.has(mail) &&
        (to === undefined || mail.to.includes(to)) &&
        (containing === undefined || parseMail(mail.raw).text.includes(containing));
      for (;;) {
        const mail = received.find(wanted);
        if (mail) {
          taken.add(mail);
          return mail;
        }
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`no e-mail${to ? ` to ${to}` : ""} arrived at the SMTP peer`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => {
      running.delete(url);
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  running.set(url, peer);
  return peer;
}
