/**
 * The api-keys module's public face (docs/delivery.md "REST hooks"): account API keys and
 * the hook that authenticates a route by one.
 */
export { apiKeyHash, createApiKeysService } from "./api-keys.service";
