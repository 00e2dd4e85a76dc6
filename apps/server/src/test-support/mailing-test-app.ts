import { afterAll, beforeAll } from "vitest";
import { type RunningSmtpPeer, startSmtpPeer } from "./smtp-peer";
import { createTestAppWithDatabase, type TestAppWithDatabase } from "./test-app";

/** A test app whose mail goes to a real SMTP peer: started before the suite, closed after. */
export interface MailingTestApp {
  app: TestAppWithDatabase;
  smtp: RunningSmtpPeer;
}

/**
 * Inside a `describe`: a fresh app (with `env` added) and SMTP peer for its tests. Read `.app` and `.smtp` in
 * the tests (they are set before the first one runs).
 */
export function useMailingTestApp(env: Record<string, string> = {}): MailingTestApp {
  const context = {} as MailingTestApp;
  beforeAll(async () => {
    context.smtp = await startSmtpPeer();
    context.app = await createTestAppWithDatabase({
      SMTP_URL: context.smtp.url,
      MAIL_FROM: "Leadquiz <no-reply@leadquiz.test>",
      ...env,
    });
  });
  afterAll(async () => {
    await context.app?.close();
    await context.smtp?.close();
  });
  return context;
}
