import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";

/** A person who can sign in at the test provider. */
export interface OidcTestAccount {
  sub: string;
  email: string;
  /**
   * The `email_verified` claim as the provider sends it: true when not given; `null` leaves
   * the claim out; a string is sent as a string (providers that get the type wrong).
   */
  email_verified?: boolean | string | null;
  given_name?: string;
  family_name?: string;
  name?: string;
  /** When set, the login form checks it; otherwise any password is accepted. */
  password?: string | undefined;
}

export interface StartOidcProviderOptions {
  /** The client's redirect URIs, e.g. `{PUBLIC_URL}/api/v1/auth/oidc/callback/`. */
  redirectUris: string[];
  account?: OidcTestAccount;
  accounts?: OidcTestAccount[];
  /** 0 (default): a random free port. */
  port?: number;
  host?: string;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
}

export interface RunningOidcProvider {
  /** `http://127.0.0.1:{port}`: set it as OIDC_ISSUER. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds or replaces (by sub) an account that can sign in. */
  addAccount(account: OidcTestAccount): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (`oidc-provider`) on loopback for tests: one confidential
 * client (client_secret_post, authorization code + PKCE), ID tokens that carry the e-mail and
 * profile claims, no consent screen (grants are given to the client automatically), and a
 * minimal login page: `GET /interaction/{uid}` is a form with `email` and `password` fields,
 * `POST /interaction/{uid}` signs in (a wrong address or password shows the form again with
 * "Unknown e-mail or wrong password").
 *
 * Browser tests run it in its own process through `oidc-provider-cli.ts`.
 */
export async function startOidcProvider(
  options: StartOidcProviderOptions,
): Promise<RunningOidcProvider> {
  const host = options.host ?? "127.0.0.1";
  const clientId = options.clientId ?? "leadquiz-test";
  const clientSecret = options.clientSecret ?? randomBytes(24).toString("base64url");
  const accounts = new Map<string, OidcTestAccount>();
  for (const account of [
    ...(options.accounts ?? []),
    ...(options.account ? [options.account] : []),
  ])
    accounts.set(account.sub, account);

  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    kid: "test-key",
    alg: "RS256",
    use: "sig",
  };

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name"],
    },
    // Put the scopes' claims into the ID token too (as Google does).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: account.email,
            email_verified:
              account.email_verified === null ? undefined : (account.email_verified ?? true),
            name:
              account.name ??
              ([account.given_name, account.family_name].filter(Boolean).join(" ") || undefined),
            given_name: account.given_name,
            family_name: account.family_name,
          };
        },
      };
    },
    // No consent screen: a signed-in account grants the test client what it asks for.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { session, client, result } = ctx.oidc;
      if (!session?.accountId || !client) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      session.grantIdFor(client.clientId, grant.jti);
      return grant;
    },
  };

  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name !== "login") {
      res.statusCode = 501;
      res.end(`prompt ${details.prompt.name} is not supported by the test provider`);
      return;
    }
    if (req.method === "POST") {
      const form = new URLSearchParams(await readBody(req));
      const email = (form.get("email") ?? "").trim().toLowerCase();
      const account = [...accounts.values()].find((a) => a.email.toLowerCase() === email);
      if (
        account &&
        (account.password === undefined || account.password === form.get("password"))
      ) {
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: account.sub } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      return sendLoginPage(res, details.uid, "Unknown e-mail or wrong password");
    }
    return sendLoginPage(res, details.uid);
  }

  handle = (req, res) => {
    const path = new URL(req.url ?? "/", issuer).pathname;
    if (/^\/interaction\/[^/]+\/?$/.test(path)) {
      interaction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(error instanceof Error ? error.message : String(error));
      });
      return;
    }
    void callback(req, res);
  };

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount(account) {
      accounts.set(account.sub, account);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function sendLoginPage(res: ServerResponse, uid: string, error?: string) {
  res.statusCode = 200;
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.setHeader("cache-control", "no-store");
  res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test OpenID provider: sign in</title></head>
<body>
<h1>Test OpenID provider</h1>
${error ? `<p role="alert">${error}</p>` : ""}
<form method="post" action="/interaction/${encodeURIComponent(uid)}">
  <label>E-mail <input name="email" type="email" autocomplete="off" required></label>
  <label>Password <input name="password" type="password"></label>
  <button type="submit">Sign in</button>
</form>
</body></html>`);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
