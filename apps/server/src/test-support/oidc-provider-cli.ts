/**
 * Runs the test OpenID provider (oidc-provider.ts) as its own process, for browser tests:
 *
 *     OIDC_TEST_PORT=4011 \
 *     OIDC_TEST_REDIRECT_URIS=http://localhost:3000/api/v1/auth/oidc/callback/ \
 *     OIDC_TEST_CLIENT_SECRET=secret OIDC_TEST_ACCOUNT_EMAIL=jane@example.com \
 *     npx tsx apps/server/src/test-support/oidc-provider-cli.ts
 *
 * Environment (all optional but the redirect URIs):
 * - OIDC_TEST_REDIRECT_URIS: comma-separated redirect URIs of the client (required)
 * - OIDC_TEST_PORT (0: random), OIDC_TEST_HOST (127.0.0.1)
 * - OIDC_TEST_CLIENT_ID (leadquiz-test), OIDC_TEST_CLIENT_SECRET (random)
 * - OIDC_TEST_ACCOUNT_EMAIL (jane@example.com), OIDC_TEST_ACCOUNT_SUB (test-user-1),
 *   OIDC_TEST_ACCOUNT_PASSWORD (unset: any password), OIDC_TEST_ACCOUNT_GIVEN_NAME (Jane),
 *   OIDC_TEST_ACCOUNT_FAMILY_NAME (Doe), OIDC_TEST_ACCOUNT_EMAIL_VERIFIED (true)
 *
 * Prints one JSON line when ready, `{"issuer","clientId","clientSecret"}`, so the caller can
 * set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET of the server; stops on SIGTERM or
 * SIGINT.
 */
import { startOidcProvider } from "./oidc-provider";

const env = process.env;
const redirectUris = (env.OIDC_TEST_REDIRECT_URIS ?? "")
  .split(",")
  .map((uri) => uri.trim())
  .filter(Boolean);
if (redirectUris.length === 0) {
  process.stderr.write("OIDC_TEST_REDIRECT_URIS is required (comma-separated redirect URIs)\n");
  process.exit(2);
}

const provider = await startOidcProvider({
  redirectUris,
  port: Number(env.OIDC_TEST_PORT ?? 0),
  host: env.OIDC_TEST_HOST || "127.0.0.1",
  clientId: env.OIDC_TEST_CLIENT_ID || undefined,
  clientSecret: env.OIDC_TEST_CLIENT_SECRET || undefined,
  account: {
    sub: env.OIDC_TEST_ACCOUNT_SUB || "test-user-1",
    email: env.OIDC_TEST_ACCOUNT_EMAIL || "jane@example.com",
    email_verified: env.OIDC_TEST_ACCOUNT_EMAIL_VERIFIED !== "false",
    given_name: env.OIDC_TEST_ACCOUNT_GIVEN_NAME ?? "Jane",
    family_name: env.OIDC_TEST_ACCOUNT_FAMILY_NAME ?? "Doe",
    password: env.OIDC_TEST_ACCOUNT_PASSWORD || undefined,
  },
});

process.stdout.write(
  `${JSON.stringify({
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
  })}\n`,
);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    provider.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
