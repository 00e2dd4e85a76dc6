/**
 * The api-keys module's public face (docs/delivery.md "REST hooks"): account API keys, the
 * hook that authenticates a route by one, and revoking all of an account's keys inside the
 * caller's transaction (account recovery).
 */
export { deleteApiKeysOfUser } from "./api-keys.repository";
export { apiKeyHash, createApiKeysService } from "./api-keys.service";
