import { createHash } from "node:crypto";
import { API_PREFIX } from "@leadquiz/contract";
import { type InterfaceLanguageCode, isInterfaceLanguage } from "@leadquiz/i18n";
import { EncryptJWT, jwtDecrypt } from "jose";
import { readCookie } from "../../lib/cookies";

/** What the start call remembers for the callback (no server memory: works across processes). */
export interface SignInFlow {
  provider: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** A relative path of the web app to land on after signing in. */
  redirectUrl: string;
  /** The interface language a new account gets. */
  language: InterfaceLanguageCode;
}

export const FLOW_COOKIE_NAME = "lq_oidc_flow";
export const FLOW_TTL_SECONDS = 10 * 60;
/** Sent only to the auth calls (the callback is below it). */
const COOKIE_PATH = `${API_PREFIX}/auth/`;
const PURPOSE = "leadquiz:social-auth-flow:v1";

/**
 * The flow cookie: an encrypted JWT (dir + A256GCM, so the PKCE verifier stays secret and any
 * change is detected), with a key derived from ENCRYPTION_KEY; it expires after 10 minutes.
 * HttpOnly, SameSite=Lax (the provider's redirect back is a top-level GET), Secure when
 * PUBLIC_URL is https.
 */
export function createFlowCookie(encryptionKey: string, publicUrl: string) {
  const key = createHash("sha256").update(`${PURPOSE}:${encryptionKey}`).digest();
  const secure = publicUrl.startsWith("https:");
  const attributes = `Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;

  return {
    /** A Set-Cookie header value holding the flow. */
    async serialize(flow: SignInFlow): Promise<string> {
      const value = await new EncryptJWT({
        p: flow.provider,
        st: flow.state,
        n: flow.nonce,
        cv: flow.codeVerifier,
        r: flow.redirectUrl,
        l: flow.language,
      })
        .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
        .setIssuedAt()
        .setExpirationTime(`${FLOW_TTL_SECONDS}s`)
        .encrypt(key);
      return `${FLOW_COOKIE_NAME}=${value}; Max-Age=${FLOW_TTL_SECONDS}; ${attributes}`;
    },

    /** A Set-Cookie header value that deletes the flow cookie. */
    clear(): string {
      return `${FLOW_COOKIE_NAME}=; Max-Age=0; ${attributes}`;
    },

    /** The flow of a Cookie header; throws when it is missing, expired or tampered with. */
    async parse(cookieHeader: string | undefined): Promise<SignInFlow> {
      const value = readCookie(cookieHeader, FLOW_COOKIE_NAME);
      if (!value) throw new Error("the sign-in flow cookie is missing");
      const { payload } = await jwtDecrypt(value, key, {
        keyManagementAlgorithms: ["dir"],
        contentEncryptionAlgorithms: ["A256GCM"],
      });
      const { p, st, n, cv, r, l } = payload;
      if (
        typeof p !== "string" ||
        typeof st !== "string" ||
        typeof n !== "string" ||
        typeof cv !== "string" ||
        typeof r !== "string" ||
        !isInterfaceLanguage(l)
      ) {
        throw new Error("the sign-in flow cookie is malformed");
      }
      return { provider: p, state: st, nonce: n, codeVerifier: cv, redirectUrl: r, language: l };
    },
  };
}

export const BROWSER_COOKIE_NAME = "lq_oidc_browser";

/**
 * The cookie that binds a social sign-in's one-time code to the browser that finished it
 * (docs/security.md, login CSRF): a random secret, HttpOnly, SameSite=Strict (only the web
 * app's own POST auth/exchange/ sends it), sent only to the auth calls.
 */
export function createBrowserCookie(publicUrl: string, ttlSeconds: number) {
  const secure = publicUrl.startsWith("https:");
  const attributes = `Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
  return {
    serialize: (secret: string) =>
      `${BROWSER_COOKIE_NAME}=${secret}; Max-Age=${ttlSeconds}; ${attributes}`,
    clear: () => `${BROWSER_COOKIE_NAME}=; Max-Age=0; ${attributes}`,
  };
}
