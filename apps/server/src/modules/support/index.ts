/** The support module's public face: support requests and the reviews of the service. */
export { createSupportService, displayName } from "./support.service";
