import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { AppContext } from "../../app-context";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import {
  findRefreshTokenByHash,
  insertRefreshToken,
  markRefreshTokenUsed,
  type RefreshTokenRow,
  revokeRefreshTokenFamily,
  revokeRefreshTokensOfUser,
} from "./refresh-tokens.repository";
import { advanceCredentialGeneration, findCredentialGeneration } from "./users.repository";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** How many verified access tokens a token service remembers (a few MB at most). */
const VERIFIED_ACCESS_LIMIT = 10_000;
export const REFRESH_TOKEN_TTL_SECONDS = 14 * 24 * 60 * 60;
/**
 * How long the immediately previous refresh token still answers with its successor (two
 * tabs refreshing at once); any other reuse revokes the family (docs/security.md).
 */
export const REFRESH_GRACE_MS = 30_000;
/** The only algorithm tokens are signed and verified with; never taken from the token. */
const ALGORITHM = "HS256";
const ISSUER = "leadquiz";

/**
 * A session's two tokens as the server issues them: the access token goes in the answer's
 * body, the refresh token only in the session cookie (session-cookie.ts).
 */
export interface TokenPair {
  access: string;
  refresh: string;
}

export interface AccessClaims {
  userId: number;
  /**
   * When the account last really signed in (password or social sign-in, not a refresh), in
   * seconds since the epoch (the `auth_time` claim); 0 for a token issued without one.
   */
  authTime: number;
}

/** The claims a session carries from token to token: its generation and sign-in time. */
interface SessionClaims {
  /** The account's credential generation the token was issued in (docs/adr/0018). */
  gen: number;
  auth_time: number;
}

/** A non-negative integer claim; tokens issued before it existed count as 0. */
function integerClaim(value: unknown): number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Ends every credential of the account at once, inside the caller's transaction: the next
 * credential generation (so every access token and password-reset link issued so far is
 * refused: docs/adr/0018) and every refresh token revoked.
 */
export async function endCredentialsOfUser(db: DbOrTx, userId: number): Promise<void> {
  await advanceCredentialGeneration(db, userId);
  await revokeRefreshTokensOfUser(db, userId);
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export type TokenService = ReturnType<typeof createTokenService>;

/** Rolls back a rotation whose token another request spent first. */
class SpentConcurrently extends Error {}

/**
 * Access tokens (15 min JWT) and rotating refresh tokens (14 day JWT, stored hashed).
 * A refresh token works once; presenting a spent one revokes its whole family.
 */
export function createTokenService(ctx: Pick<AppContext, "db" | "secrets">) {
  const { sign, verify } = jwtSigner(ctx.secrets.jwtSecret);
  const verifiedAccess = verifiedAccessCache();
  const { sealSuccessor, openSuccessor } = successorSealer(ctx.secrets.encryptionKey);

  /**
   * The pair for a spent token presented again: its successor, when it was spent less than
   * REFRESH_GRACE_MS ago and the successor itself is still unspent (so it is the immediately
   * previous token); otherwise undefined (reuse: the caller revokes the family).
   */
  async function graceAnswer(
    db: DbOrTx,
    stored: RefreshTokenRow,
    session: SessionClaims,
  ): Promise<TokenPair | undefined> {
    if (!stored.usedAt || !stored.successor || stored.revokedAt) return undefined;
    if (Date.now() - stored.usedAt.getTime() > REFRESH_GRACE_MS) return undefined;
    const successor = openSuccessor(stored.successor);
    if (!successor) return undefined;
    const next = await findRefreshTokenByHash(db, hashToken(successor));
    if (!next || next.usedAt || next.revokedAt || next.familyId !== stored.familyId) {
      return undefined;
    }
    if ((await findCredentialGeneration(db, stored.userId)) !== session.gen) return undefined;
    const access = await signAccess(stored.userId, session);
    return { access, refresh: successor };
  }

  function signAccess(userId: number, session: SessionClaims): Promise<string> {
    return sign({ token_type: "access", ...session }, userId, ACCESS_TOKEN_TTL_SECONDS);
  }

  /** The session claims a verified token carries. */
  function sessionOf(payload: Record<string, unknown>): SessionClaims {
    return { gen: integerClaim(payload.gen), auth_time: integerClaim(payload.auth_time) };
  }

  async function issueRefreshToken(
    db: DbOrTx,
    userId: number,
    familyId: string,
    session: SessionClaims,
  ): Promise<string> {
    const refresh = await sign(
      { token_type: "refresh", fam: familyId, ...session },
      userId,
      REFRESH_TOKEN_TTL_SECONDS,
    );
    await insertRefreshToken(db, {
      userId,
      familyId,
      tokenHash: hashToken(refresh),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    });
    return refresh;
  }

  return {
    /**
     * A real sign-in (password, social sign-in, or a password change, which proves the
     * password too): a fresh refresh-token family and an access token, in the account's
     * current credential generation, with `auth_time` now. Run it in the transaction that
     * changed the generation, if any, so the pair is of the new one.
     */
    async issueTokenPair(userId: number, db: DbOrTx = ctx.db): Promise<TokenPair> {
      const gen = await findCredentialGeneration(db, userId);
      if (gen === undefined) throw new AppError("token_not_valid");
      const session = { gen, auth_time: nowSeconds() };
      const refresh = await issueRefreshToken(db, userId, randomUUID(), session);
      const access = await signAccess(userId, session);
      return { access, refresh };
    },

    /**
     * Verifies an access token; undefined when it is not valid (any reason): a bad
     * signature, expired, or of an earlier credential generation than the account's (or of a
     * deleted account). The signature of a token checked once is remembered until it expires
     * (`verifiedAccess`); the generation is read on every call, one lookup by primary key
     * (docs/adr/0018, docs/speed.md "Access tokens").
     */
    async verifyAccessToken(token: string): Promise<AccessClaims | undefined> {
      let known = verifiedAccess.get(token);
      if (!known || Date.now() >= known.expiresAt) {
        const verified = await verify(token, "access");
        if (!verified || typeof verified.payload.exp !== "number") return undefined;
        const session = sessionOf(verified.payload);
        known = {
          userId: verified.userId,
          generation: session.gen,
          authTime: session.auth_time,
          expiresAt: verified.payload.exp * 1000,
        };
        if (verifiedAccess.size >= VERIFIED_ACCESS_LIMIT) {
          // The oldest entry goes (a Map iterates in insertion order).
          const oldest = verifiedAccess.keys().next();
          if (!oldest.done) verifiedAccess.delete(oldest.value);
        }
        verifiedAccess.set(token, known);
      }
      if ((await findCredentialGeneration(ctx.db, known.userId)) !== known.generation) {
        return undefined;
      }
      return { userId: known.userId, authTime: known.authTime };
    },

    /** Spends a refresh token for a new pair; 401 token_not_valid when it cannot. */
    async rotate(refresh: string): Promise<TokenPair> {
      const invalid = new AppError("token_not_valid", "refresh_not_valid");
      const verified = await verify(refresh, "refresh");
      if (!verified) throw invalid;
      const stored = await findRefreshTokenByHash(ctx.db, hashToken(refresh));
      if (!stored || stored.revokedAt || stored.expiresAt.getTime() <= Date.now()) throw invalid;
      const session = sessionOf(verified.payload);
      if (stored.usedAt) {
        const again = await graceAnswer(ctx.db, stored, session);
        if (again) return again;
        await revokeRefreshTokenFamily(ctx.db, stored.familyId);
        throw invalid;
      }
      return ctx.db
        .transaction(async (tx) => {
          // A token of an earlier generation (its revocation raced with this rotation).
          if ((await findCredentialGeneration(tx, stored.userId)) !== session.gen) throw invalid;
          // The sign-in time and generation go on from token to token (docs/adr/0018).
          const next = await issueRefreshToken(tx, stored.userId, stored.familyId, session);
          if (!(await markRefreshTokenUsed(tx, stored.id, sealSuccessor(next)))) {
            // Spent by a concurrent request (another tab): undo `next`, answer as below.
            throw new SpentConcurrently();
          }
          const access = await signAccess(stored.userId, session);
          return { access, refresh: next };
        })
        .catch(async (error: unknown) => {
          if (!(error instanceof SpentConcurrently)) throw error;
          const spent = await findRefreshTokenByHash(ctx.db, hashToken(refresh));
          const again = spent ? await graceAnswer(ctx.db, spent, session) : undefined;
          if (again) return again;
          await revokeRefreshTokenFamily(ctx.db, stored.familyId);
          throw invalid;
        });
    },

    /** Logout: revokes the family of this refresh token (silently ignores unknown tokens). */
    async revoke(refresh: string): Promise<boolean> {
      const verified = await verify(refresh, "refresh");
      if (!verified) return false;
      const stored = await findRefreshTokenByHash(ctx.db, hashToken(refresh));
      if (!stored || stored.userId !== verified.userId) return false;
      await revokeRefreshTokenFamily(ctx.db, stored.familyId);
      return true;
    },

    /**
     * Ends every session of a user at once (sign out everywhere, password reset and change,
     * e-mail change): see `endCredentialsOfUser`.
     */
    async revokeAllForUser(userId: number, db: DbOrTx = ctx.db): Promise<void> {
      await endCredentialsOfUser(db, userId);
    },
  };
}

/**
 * Seals a rotated refresh token's successor for its row (so a spent token presented again
 * within the grace gets the same successor), and opens it again; undefined when it cannot.
 */
function successorSealer(encryptionKey: string) {
  const successorKey = createHash("sha256")
    .update(`leadquiz:refresh-successor:v1:${encryptionKey}`)
    .digest();

  /** AES-256-GCM: iv.tag.ciphertext in base64url. */
  function sealSuccessor(token: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", successorKey, iv);
    const body = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
  }

  function openSuccessor(sealed: string): string | undefined {
    try {
      const [iv = "", tag = "", body = ""] = sealed.split(".");
      const decipher = createDecipheriv("aes-256-gcm", successorKey, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      const plain = Buffer.concat([
        decipher.update(Buffer.from(body, "base64url")),
        decipher.final(),
      ]);
      return plain.toString("utf8");
    } catch {
      return undefined;
    }
  }
  return { sealSuccessor, openSuccessor };
}

/** Signs and verifies the account's JWTs (HS256, issuer and token type checked). */
function jwtSigner(jwtSecret: string) {
  const key = new TextEncoder().encode(jwtSecret);
  async function sign(
    claims: Record<string, string | number>,
    subject: number,
    ttlSeconds: number,
  ): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
      .setSubject(String(subject))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(key);
  }

  async function verify(token: string, type: "access" | "refresh") {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER });
      const userId = Number(payload.sub);
      if (payload.token_type !== type || !Number.isInteger(userId)) return undefined;
      return { payload, userId };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return undefined;
      throw error;
    }
  }
  return { sign, verify };
}

/**
 * Access tokens whose signature was checked, by their exact text, until they expire
 * (docs/speed.md "Access tokens"). A signature checked once can only check the same
 * again; the check itself is a WebCrypto HMAC that runs on libuv's thread pool, a round
 * trip between threads on every signed-in call. Only a token byte-for-byte identical to a
 * verified one is answered from here, and its generation is still compared with the
 * account's on every call. Bounded: the oldest entry goes first.
 */
function verifiedAccessCache() {
  return new Map<
    string,
    { userId: number; generation: number; authTime: number; expiresAt: number }
  >();
}
