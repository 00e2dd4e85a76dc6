import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { apiPaths } from "../apps/server/src/test-support/api-paths";
import { startFakeOAuthProvider } from "../apps/server/src/test-support/fake-oauth-provider";
import { startFakeStripe } from "../apps/server/src/test-support/fake-stripe";
import { startFakeTelegram } from "../apps/server/src/test-support/fake-telegram";
import { startOidcProvider } from "../apps/server/src/test-support/oidc-provider";
import { createE2eDatabase } from "./support/e2e-database";
import { E2E_ORIGIN, E2E_PORT } from "./support/e2e-origin";
import { startSmtpInbox } from "./support/smtp-inbox";

const PORT = E2E_PORT;
const PUBLIC_URL = E2E_ORIGIN;

/** The identity the local OpenID provider signs in (the social sign-in test). */
export const OIDC_TEST_ACCOUNT = {
  sub: "e2e-social-user",
  email: "social.user@example.com",
  given_name: "Sofia",
  family_name: "Social",
};

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the server did not become healthy within ${timeoutMs} ms`);
}

/**
 * Refuses to start when something already listens on the tests' port: a server of another
 * run (another checkout, a CI clone) would answer the health check in place of ours, and
 * the tests would run against it until it went away.
 */
async function assertPortFree(port: number): Promise<void> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new Error(
              `port ${port} is taken (another browser test run?): set E2E_PORT to a free one`,
            )
          : error,
      ),
    );
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
  });
}

/**
 * Starts what the browser tests talk to: a real SMTP peer, a real OpenID provider and the
 * product itself through `npm start`'s script (built if stale), on a fresh DATA_DIR.
 */
export default async function globalSetup() {
  await assertPortFree(PORT);
  const workDir = mkdtempSync(path.join(tmpdir(), "leadquiz-e2e-"));
  const inboxDir = path.join(workDir, "inbox");
  const smtp = await startSmtpInbox(inboxDir);
  const oidc = await startOidcProvider({
    redirectUris: [`${PUBLIC_URL}/api/v1/auth/oidc/callback/`],
    account: OIDC_TEST_ACCOUNT,
  });
  // Card payments through a fake Stripe whose checkout page notifies the server (money.spec).
  const stripe = await startFakeStripe({
    webhookUrl: `${PUBLIC_URL}/api/v1${apiPaths.paymentWebhook(1)}`,
  });
  // The Telegram Bot API the server's bot polls (e2e/telegram.spec.ts presses Start in it).
  const telegram = await startFakeTelegram();
  // HubSpot, Salesforce and Zoho CRM with consent pages (e2e/oauth-integrations.spec.ts).
  const oauthCrms = await startFakeOAuthProvider({ publicUrl: PUBLIC_URL });

  // PostgreSQL whenever reachable (a fresh database, dropped after the run): the visitor
  // specs read the leads the server stored (support/e2e-database.ts).
  const database = await createE2eDatabase();
  if (database.kind === "pglite") {
    process.stderr.write(`e2e: the server runs on PGlite: ${database.note}\n`);
  }

  const server = spawn(process.execPath, [path.resolve("scripts/start.mjs")], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL,
      DATA_DIR: path.join(workDir, "data"),
      DATABASE_URL: database.url,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
      OIDC_NAME: "Local ID",
      LOG_LEVEL: "warn",
      // Browser contexts that register users send their own X-Forwarded-For (support/users.ts).
      TRUST_PROXY: "127.0.0.1",
      // Webhooks of the integration spec go to a receiver on loopback.
      INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: "true",
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      // The operator's manual provider stays offered beside the card (money.spec tests both).
      MANUAL_PAYMENTS: "always",
      // Support requests are mailed here (support-reviews.spec reads them from the inbox).
      SUPPORT_EMAIL: "support-team@leadquiz.test",
      // The course platform the course page links out to (profile.spec.ts).
      COURSE_URL: "https://learn.leadquiz.test/quizzes-that-bring-leads",
      // Leads refused (429) from the 13th of one address for one quiz in 10 minutes, not the
      // 121st, so lead-rate.spec reaches the refusal in a browser (docs/leads.md "Leads over
      // the per-address rate"); every other spec's visitors have addresses of their own.
      LEAD_REFUSED_PER_ADDRESS_QUIZ: "12",
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_URL: telegram.url,
      ...oauthCrms.env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitForHealth(`${PUBLIC_URL}/api/v1/health/`, server, 180_000);
  } catch (error) {
    server.kill("SIGTERM");
    await telegram.close();
    await oauthCrms.close();
    await database.drop().catch(() => undefined);
    throw error;
  }

  process.env.E2E_INBOX_DIR = inboxDir;
  // The operator's command reads its key from the server's data folder (e2e/money.spec.ts).
  process.env.E2E_DATA_DIR = path.join(workDir, "data");
  process.env.E2E_BASE_URL = PUBLIC_URL;
  process.env.E2E_TELEGRAM_URL = telegram.url;
  if (database.kind === "postgres") process.env.E2E_DB_URL = database.url;
  else process.env.E2E_DB_NOTE = database.note;

  return async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    await oidc.close();
    await stripe.close();
    await telegram.close();
    await oauthCrms.close();
    await smtp.close();
    await database.drop();
    rmSync(workDir, { recursive: true, force: true });
  };
}
