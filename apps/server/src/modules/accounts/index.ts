/**
 * The accounts module's public face: password hashing, the token service (sign-in
 * sessions) and the user lookups and writes the sign-in flows of other modules
 * (password reset, social sign-in) build on.
 */
export { dummyPasswordHash, hashPassword, verifyPassword } from "./password-hash";
export {
  createTokenService,
  endCredentialsOfUser,
  hashToken,
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
