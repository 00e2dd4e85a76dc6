import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMail } from "../test-support/parse-mail";
import { type RunningSmtpPeer, startSmtpPeer } from "../test-support/smtp-peer";
import { renderActionEmail } from "./mail-templates";
import { createMailer, outboxFileName } from "./mailer";

const log = pino({ level: "silent" });
const message = {
  to: "jane@example.com",
  subject: "Hello",
  text: "Plain text",
  html: "<p>HTML</p>",
};

describe("createMailer without SMTP_URL", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "leadquiz-mail-"));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("writes each message as an .eml file into DATA_DIR/mail/", async () => {
    const mailer = createMailer({
      config: { smtpUrl: undefined, mailFrom: "Leadquiz <no-reply@localhost>", dataDir },
      log,
    });
    expect(mailer.kind).toBe("outbox");
    mailer.send(message);
    mailer.send({ ...message, subject: "Second" });
    await mailer.idle();
    const files = readdirSync(path.join(dataDir, "mail")).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-jane_example_com-[0-9a-f]{8}\.eml$/);
    const parsed = parseMail(readFileSync(path.join(dataDir, "mail", files[0] ?? ""), "utf8"));
    expect(parsed.headers.from).toBe("Leadquiz <no-reply@localhost>");
    expect(parsed.headers.to).toBe("jane@example.com");
    expect(parsed.text.trim()).toBe("Plain text");
    expect(parsed.html.trim()).toBe("<p>HTML</p>");
    await mailer.close();
  });

  it("logs a failure instead of throwing, and runs composed messages in the background", async () => {
    const errors: unknown[] = [];
    const failing = createMailer({
      // A file where the outbox directory should be: every write fails.
      config: { smtpUrl: undefined, mailFrom: "x <x@localhost>", dataDir: "/dev/null" },
      log: { ...log, error: (...args: unknown[]) => errors.push(args) } as unknown as typeof log,
    });
    let composed = false;
    failing.sendLater("test", async () => {
      composed = true;
      return message;
    });
    expect(composed).toBe(false);
    await failing.idle();
    expect(composed).toBe(true);
    expect(errors).toHaveLength(1);
  });
});

describe("createMailer with SMTP_URL", () => {
  let peer: RunningSmtpPeer;
  beforeAll(async () => {
    peer = await startSmtpPeer();
  });
  afterAll(async () => peer.close());

  it("delivers to the SMTP server named by SMTP_URL", async () => {
    const mailer = createMailer({
      config: {
        smtpUrl: peer.url,
        mailFrom: "Leadquiz <no-reply@leadquiz.test>",
        dataDir: "/nowhere",
      },
      log,
    });
    expect(mailer.kind).toBe("smtp");
    mailer.send(message);
    const mail = await peer.next();
    expect(mail.from).toBe("no-reply@leadquiz.test");
    expect(mail.to).toEqual(["jane@example.com"]);
    expect(parseMail(mail.raw).subject).toBe("Hello");
    await mailer.close();
  });
});

describe("renderActionEmail", () => {
  it("renders the password-reset e-mail per language with the link in text and HTML", () => {
    const link = "http://localhost:3000/reset-password/abc";
    const en = renderActionEmail("en", "password_reset", { link });
    const ru = renderActionEmail("ru", "password_reset", { link });
    const uk = renderActionEmail("uk", "password_reset", { link });
    expect(en.subject).toBe("Reset your Leadquiz password");
    expect(ru.subject).toMatch(/пароля/);
    expect(uk.subject).toMatch(/пароля/);
    expect(uk.subject).not.toBe(ru.subject);
    for (const mail of [en, ru, uk]) {
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.text).not.toContain("{{");
      expect(mail.html).not.toContain("{{");
    }
  });

  it("speaks of the button only in the HTML version, of the link in the plain text", () => {
    const link = "http://localhost:3000/confirm/abc";
    const templates = [
      "password_reset",
      "verify_email",
      "complete_registration",
      "registration_attempt",
      "change_email",
    ] as const;
    const button = { en: /button/i, ru: /кнопк/i, uk: /кнопк/i };
    const below = { en: "link below", ru: "ссылку ниже", uk: "посилання нижче" };
    for (const language of ["en", "ru", "uk"] as const) {
      for (const template of templates) {
        const mail = renderActionEmail(language, template, { link, reset_link: link });
        expect(mail.text, `${language} ${template}`).not.toMatch(button[language]);
        expect(mail.text, `${language} ${template}`).toContain(below[language]);
        expect(mail.text).toContain(link);
        expect(mail.html, `${language} ${template}`).toMatch(button[language]);
      }
    }
  });

  it("escapes interpolated values in the HTML version", () => {
    const link = 'http://x/reset-password/a"><script>alert(1)</script>&b';
    const mail = renderActionEmail("en", "password_reset", { link });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).toContain("&quot;&gt;");
    expect(mail.text).toContain(link);
  });
});

describe("outboxFileName", () => {
  it("keeps only safe characters of the recipient", () => {
    const name = outboxFileName("../../Evil Name <x@y.z>", new Date("2025-01-31T12:00:00.000Z"));
    expect(name).toMatch(/^2025-01-31T12-00-00-000Z-evil_name_x_y_z-[0-9a-f]{8}\.eml$/);
  });
});
