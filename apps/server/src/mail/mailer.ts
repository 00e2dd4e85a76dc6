import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger as Logger } from "fastify";
import nodemailer from "nodemailer";
import type { AppConfig } from "../config";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes (a lead e-mail replies to the visitor). */
  replyTo?: string;
  headers?: Record<string, string>;
  /**
   * The left part of a Message-ID that must be the same on every try of one message (a lead
   * e-mail: its delivery's id), so a mailbox that already holds it can drop a repeat
   * (docs/delivery.md "E-mail"); the mailer adds the sender's domain. Without it each send
   * gets a new one.
   */
  stableId?: string;
}

/** The sender's domain for Message-IDs (`Leadquiz <no-reply@example.com>` → example.com). */
function domainOf(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
}

/** nodemailer's options of a message: a stable id becomes `<id@sender's domain>`. */
function mailOptions(from: string, { stableId, ...message }: MailMessage) {
  const safe = stableId?.replace(/[^A-Za-z0-9.\-_]/g, "");
  return { from, ...message, ...(safe ? { messageId: `<${safe}@${domainOf(from)}>` } : {}) };
}

export interface Mailer {
  /** Where messages go: an SMTP server, or `.eml` files in DATA_DIR/mail/. */
  readonly kind: "smtp" | "outbox";
  /**
   * Sends in the background and returns at once: a slow or failing mail server never
   * delays or fails an HTTP answer. Failures are logged, not thrown.
   */
  send(message: MailMessage, label?: string): void;
  /**
   * Runs `compose` in the background and sends what it returns (nothing when it returns
   * undefined). For work that must not show in the HTTP answer, e.g. looking up whether an
   * account exists before sending a password-reset e-mail.
   */
  sendLater(label: string, compose: () => Promise<MailMessage | undefined>): void;
  /**
   * Hands the message over now and resolves with its Message-ID; throws what the mail
   * server answered (lead deliveries retry on that, docs/delivery.md).
   */
  sendNow(message: MailMessage, label: string): Promise<string>;
  /** Resolves when every pending background send has finished (tests, shutdown). */
  idle(): Promise<void>;
  /** Waits for pending sends, then closes the transport. */
  close(): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The app's mailer (decorated in app.ts); tests await `app.mailer.idle()`. */
    mailer: Mailer;
  }
}

export interface CreateMailerOptions {
  config: Pick<AppConfig, "smtpUrl" | "mailFrom" | "dataDir">;
  log: Logger;
}

/**
 * The mailer built from config: nodemailer's SMTP transport to SMTP_URL when set, otherwise
 * every message is written as an `.eml` file into DATA_DIR/mail/ (the embedded default).
 *
 * SMTP_URL is handed to nodemailer as it is, so its query parameters are nodemailer's SMTP
 * options: `smtp://host:587` upgrades with STARTTLS when the server offers it,
 * `smtps://host:465` is TLS from the start, `?ignoreTLS=true` never upgrades (a loopback
 * test peer), `?requireTLS=true` refuses to send without TLS, `?tls.rejectUnauthorized=false`
 * accepts a self-signed certificate.
 *
 * Sends are fire-and-forget within this process (tracked only so that `idle()` and shutdown
 * can wait for them): a message is lost if the process dies before it is handed over. Durable,
 * retrying delivery comes with the pg-boss job queue.
 */
export function createMailer({ config, log }: CreateMailerOptions): Mailer {
  const pending = new Set<Promise<void>>();
  const deliver = config.smtpUrl
    ? smtpDelivery(config.smtpUrl, config.mailFrom)
    : outboxDelivery(path.join(config.dataDir, "mail"), config.mailFrom);

  function track(label: string, work: () => Promise<void>) {
    const task = work()
      .catch((error: unknown) => log.error({ err: error, mail: label }, "sending an e-mail failed"))
      .finally(() => pending.delete(task));
    pending.add(task);
  }

  async function sendNow(message: MailMessage, label: string) {
    const messageId = await deliver.send(message);
    log.info({ mail: label, messageId, transport: deliver.kind }, "e-mail sent");
    return messageId;
  }

  const mailer: Mailer = {
    kind: deliver.kind,
    sendNow,
    send(message, label = "message") {
      track(label, async () => {
        await sendNow(message, label);
      });
    },
    sendLater(label, compose) {
      track(label, async () => {
        // Let the caller answer first: the work starts after the current tick.
        await new Promise((resolve) => setImmediate(resolve));
        const message = await compose();
        if (message) await sendNow(message, label);
      });
    },
    async idle() {
      // A task may start another one; loop until nothing is left.
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    async close() {
      await mailer.idle();
      deliver.close();
    },
  };
  return mailer;
}

interface Delivery {
  kind: "smtp" | "outbox";
  /** Hands the message over; resolves with its Message-ID. */
  send(message: MailMessage): Promise<string>;
  close(): void;
}

function smtpDelivery(smtpUrl: string, from: string): Delivery {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    async send(message) {
      const info = await transport.sendMail(mailOptions(from, message));
      return info.messageId;
    },
    close: () => transport.close(),
  };
}

function outboxDelivery(directory: string, from: string): Delivery {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    kind: "outbox",
    async send(message) {
      const info = await transport.sendMail(mailOptions(from, message));
      await mkdir(directory, { recursive: true });
      const file = path.join(directory, outboxFileName(message.to));
      await writeFile(file, info.message as Buffer, { flag: "wx", mode: 0o600 });
      return info.messageId;
    },
    close: () => transport.close(),
  };
}

/** `2025-01-31T12-00-00-000Z-jane_example_com-1a2b3c4d.eml`: sortable, unique, file-safe. */
export function outboxFileName(recipient: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  const who =
    recipient
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 64) || "recipient";
  return `${stamp}-${who}-${randomBytes(4).toString("hex")}.eml`;
}
