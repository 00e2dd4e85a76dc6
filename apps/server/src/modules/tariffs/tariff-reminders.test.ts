import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTariffs, users } from "../../db/schema";
import { createMailer, type Mailer } from "../../mail/mailer";
import { registerUser, type TestUser } from "../../test-support/api-client";
import { createMoneyHarness, type MoneyHarness } from "../../test-support/money-fixtures";
import { parseMail } from "../../test-support/parse-mail";
import { type RunningSmtpPeer, startSmtpPeer } from "../../test-support/smtp-peer";
import { sendTariffReminders } from "./tariff-reminders";

let smtp: RunningSmtpPeer;
let h: MoneyHarness;
let mailer: Mailer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  h = await createMoneyHarness({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Leadquiz <no-reply@leadquiz.test>",
  });
  mailer = createMailer({ config: h.t.config, log: pino({ level: "silent" }) });
});
afterAll(async () => {
  await mailer?.close();
  await h?.close();
  await smtp?.close();
});

const HOUR = 60 * 60 * 1000;

/** Moves the account's tariff end to `hours` from now (the trial row is made first). */
async function endIn(user: TestUser, hours: number) {
  await h.info(user);
  await h.t.database.db
    .update(accountTariffs)
    .set({ endsAt: new Date(Date.now() + hours * HOUR) })
    .where(eq(accountTariffs.userId, user.id));
}

async function run() {
  const result = await sendTariffReminders({
    db: h.t.database.db,
    mailer,
    publicUrl: "https://app.leadquiz.test",
  });
  await mailer.idle();
  return result.sent;
}

async function emailOf(user: TestUser): Promise<string> {
  const [row] = await h.t.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, user.id));
  if (!row) throw new Error(`no user ${user.id}`);
  return row.email;
}

/** The tariff reminders the account received so far (not its other e-mails). */
async function mailsTo(user: TestUser) {
  const email = await emailOf(user);
  return smtp.received
    .filter((mail) => mail.to.includes(email))
    .map((mail) => parseMail(mail.raw))
    .filter((mail) => mail.text.includes("/balance/my-rate"));
}

describe("tariff-ending reminders (docs/money.md 'Reminders')", () => {
  it("mails 3 days before the end and again 1 day before, each once", async () => {
    const user = await h.register();
    await endIn(user, 60);
    await run();
    await run();
    let mails = await mailsTo(user);
    expect(mails.map((m) => m.subject)).toEqual(["Your Leadquiz tariff “Trial” ends in 3 days"]);
    expect(mails[0]?.text).toContain("https://app.leadquiz.test/balance/my-rate");

    await endIn(user, 20);
    await run();
    await run();
    mails = await mailsTo(user);
    expect(mails.map((m) => m.subject)).toEqual([
      "Your Leadquiz tariff “Trial” ends in 3 days",
      "Your Leadquiz tariff “Trial” ends tomorrow",
    ]);
  });

  it("says nothing while the end is further than 3 days or already past", async () => {
    const far = await h.register();
    const ended = await h.register();
    await endIn(far, 73);
    await endIn(ended, -1);
    await run();
    expect(await mailsTo(far)).toEqual([]);
    expect(await mailsTo(ended)).toEqual([]);
  });

  it("reminds again for the next period after a renewal moves the end", async () => {
    const user = await h.register();
    await endIn(user, 10);
    await run();
    expect(await mailsTo(user)).toHaveLength(1);
    // Renewed: the end moves a month on; nothing until that end is 3 days away.
    await endIn(user, 30 * 24);
    await run();
    expect(await mailsTo(user)).toHaveLength(1);
    await endIn(user, 50);
    await run();
    expect((await mailsTo(user)).map((m) => m.subject)).toEqual([
      "Your Leadquiz tariff “Trial” ends tomorrow",
      "Your Leadquiz tariff “Trial” ends in 3 days",
    ]);
  });

  it("writes in the owner's interface language", async () => {
    const user = await registerUser(h.t, { language: "uk" });
    await endIn(user, 12);
    await run();
    const [mail] = await mailsTo(user);
    expect(mail?.subject).toBe("Тариф Leadquiz «Пробний» закінчується завтра");
    expect(mail?.text).toContain("Продовжити тариф");
  });

  it("sends each reminder once when two runs race", async () => {
    const user = await h.register();
    await endIn(user, 30);
    const [a, b] = await Promise.all([run(), run()]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(user)).toHaveLength(1);
  });
});
