import { z } from "zod";
import {
  accessTokenSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  registerCompleteRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  tokenRequestSchema,
  userinfoPatchSchema,
  userinfoResponseSchema,
  userSchema,
} from "../auth";
import { errorBodySchema, validationErrorBodySchema } from "../errors";
import { endpoint } from "./endpoint";

const tags = ["accounts"];

const rateLimited = { 429: errorBodySchema };

const unauthenticated = { 401: errorBodySchema };

/** The refresh and logout calls refuse a request another site could have made. */
const refused = { 403: errorBodySchema };

const SESSION_COOKIE_NOTE =
  "The refresh token is not in the body: the answer sets it in the HttpOnly session cookie " +
  '(docs/api.md "Accounts"), which only token/refresh/ and logout/ receive.';

/** The operations of apps/server's accounts.routes.ts (docs/api.md). */
export const accountsEndpoints = {
  register: endpoint({
    method: "POST",
    path: "/register/",
    operationId: "register",
    tags,
    summary: "Starts a registration: mails a link to the address",
    description:
      "Answers 202 with the same body, in the same time, whether or not the address has " +
      "an account, and signs nobody in. A new address gets a link (48 hours, once) that " +
      "makes the account by POST register/complete/; until then signing in with the " +
      "password answers as for an unknown address. An address with an account gets an " +
      "e-mail saying someone tried to register with it, with links to sign in and to " +
      "reset the password. The username is always the e-mail (a differing `username` is " +
      "ignored); `language` becomes the account's language_code; a `referral_code` of an " +
      "existing user links the account to that user (an unknown code is ignored). A weak " +
      "password or a bad e-mail answers 400 per field.",
    body: registerRequestSchema,
    responses: { 202: registerResponseSchema, 400: validationErrorBodySchema, ...rateLimited },
  }),
  completeRegistration: endpoint({
    method: "POST",
    path: "/register/complete/",
    operationId: "completeRegistration",
    tags,
    summary: "Finishes a registration with the mailed link's token and signs in",
    description:
      "Makes the account (its address proven) and answers its access token; " +
      `${SESSION_COOKIE_NOTE} 404 \`not_found\` with a message saying whether the link ` +
      "is unknown, expired or already used (also when the address got an account since).",
    body: registerCompleteRequestSchema,
    responses: { 200: accessTokenSchema, 400: validationErrorBodySchema, 404: errorBodySchema },
    sessionCookie: "sets",
  }),
  signIn: endpoint({
    method: "POST",
    path: "/token/",
    operationId: "signIn",
    tags,
    summary: "Signs in: an access token, and the refresh token in the session cookie",
    description:
      "An unknown e-mail, a wrong password, an account without a password (social " +
      "sign-in only) and a registration whose link was not followed yet all answer 401 " +
      `\`invalid_credentials\`, in the same time. ${SESSION_COOKIE_NOTE}`,
    body: tokenRequestSchema,
    responses: {
      200: accessTokenSchema,
      400: validationErrorBodySchema,
      ...unauthenticated,
      ...rateLimited,
    },
    sessionCookie: "sets",
  }),
  refreshToken: endpoint({
    method: "POST",
    path: "/token/refresh/",
    operationId: "refreshToken",
    tags,
    summary: "Spends the session cookie's refresh token for a new access token",
    description:
      "Takes no body: the refresh token comes in the session cookie, and the answer sets " +
      "its successor there. The request must carry the `X-Requested-With` header (any " +
      "value) and, when it has an `Origin`, PUBLIC_URL's; otherwise 403 " +
      "`permission_denied` and nothing changes. The refresh token rotates: the one sent " +
      "is spent afterwards. For 30 seconds the immediately previous token answers with " +
      "the same successor (two tabs refreshing at once); any other spent token revokes " +
      "its whole chain (the session is over). No cookie, a bad one or two of them: 401 " +
      "`token_not_valid`, and the cookie is deleted.",
    responses: { 200: accessTokenSchema, ...unauthenticated, ...refused },
    sessionCookie: "spends",
  }),
  signOut: endpoint({
    method: "POST",
    path: "/logout/",
    operationId: "signOut",
    tags,
    summary: "Signs out: revokes the session cookie's refresh token and deletes the cookie",
    description:
      "Takes no body. Revokes the session cookie's refresh token and its chain, and " +
      "deletes the cookie. Idempotent: no cookie, an unknown, expired, malformed or " +
      "already revoked token also answers 205, so a client can always clear its session. " +
      "The same header and origin rule as token/refresh/ (403 `permission_denied`); two " +
      "session cookies answer 401 `token_not_valid` and delete ours.",
    responses: {
      205: z.void().describe("Reset Content: no body"),
      ...unauthenticated,
      ...refused,
    },
    sessionCookie: "spends",
  }),
  signOutEverywhere: endpoint({
    method: "POST",
    path: "/logout/all/",
    operationId: "signOutEverywhere",
    tags,
    summary: "Signs out everywhere: ends every session of the account",
    description:
      "Every access token and every refresh token of the account stops working at " +
      "once, on every device, this one included (the access token sent with this call " +
      "too): the next call with any of them answers 401 `token_not_valid`. Outstanding " +
      "password-reset links die as well. API keys are not touched (revoke them on " +
      "their own). Answers 205 with no body and deletes this browser's session cookie.",
    responses: {
      205: z.void().describe("Reset Content: no body"),
      ...unauthenticated,
    },
    sessionCookie: "sets",
  }),
  changePassword: endpoint({
    method: "POST",
    path: "/change-password/",
    operationId: "changePassword",
    tags,
    summary: "Changes the password",
    description:
      "Checks `old_password` (wrong → 400 `old_password`) and applies the password rule " +
      "to `new_password` (400 `new_password`). On success every access and refresh " +
      "token of the user stops working at once — all other sessions end, and so do " +
      "outstanding password-reset links — and this session continues with the answer's " +
      "new `access` token and a new refresh token in the session cookie; the client must " +
      "use them (the access token sent with this call is refused from now on). After 10 " +
      "wrong passwords in an hour (with api-keys/'s) the account's calls answer 429 " +
      "`rate_limited` until it ends.",
    body: changePasswordRequestSchema,
    responses: {
      200: changePasswordResponseSchema,
      400: validationErrorBodySchema,
      ...unauthenticated,
      ...rateLimited,
    },
    sessionCookie: "sets",
  }),
  getUserInfo: endpoint({
    method: "GET",
    path: "/userinfo/",
    operationId: "getUserInfo",
    tags,
    summary: "The signed-in user, as a list of one",
    responses: { 200: userinfoResponseSchema, ...unauthenticated },
  }),
  updateUserInfo: endpoint({
    method: "PATCH",
    path: "/userinfo/{id}/",
    operationId: "updateUserInfo",
    tags,
    summary: "Updates the signed-in user's profile",
    description:
      "Only the user's own id; any other id answers 404 `not_found`. A new e-mail also " +
      "becomes the username; one taken by another account answers 400 `email`. " +
      "Answers the updated user.",
    params: z.object({ id: z.string().describe("the user's id (an integer)") }),
    body: userinfoPatchSchema,
    responses: {
      200: userSchema,
      400: validationErrorBodySchema,
      ...unauthenticated,
      404: errorBodySchema,
    },
  }),
} as const;
