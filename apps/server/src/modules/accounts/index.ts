/**
 * The accounts module's public face: password hashing, the token service (sign-in
 * sessions), the session cookie that carries the refresh token, and the user lookups and
 * writes the sign-in flows of other modules (password reset, social sign-in) build on.
 */
export { dummyPasswordHash, hashPassword, verifyPassword } from "./password-hash";
export { createSessionCookie, type SessionCookie } from "./session-cookie";
export {
  createTokenService,
  endCredentialsOfUser,
  hashToken,
  type TokenPair,
  type TokenService,
} from "./tokens.service";
export {
  createUser,
  findUserByEmail,
  findUserById,
  lockUserById,
  type NewUser,
  type UserRow,
  updateUser,
} from "./users.repository";
