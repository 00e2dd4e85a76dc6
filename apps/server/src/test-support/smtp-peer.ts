import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

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
   * Resolves with the oldest message not taken yet (to `to`, when given), waiting for it to
   * arrive; each message is taken once.
   */
  next(options?: { to?: string; timeoutMs?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
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

  return {
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    received,
    async next({ to, timeoutMs = 5_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      const wanted = (mail: ReceivedMail) =>
        !taken.has(mail) && (to === undefined || mail.to.includes(to));
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
