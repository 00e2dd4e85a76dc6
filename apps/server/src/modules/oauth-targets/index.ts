/** Connecting the OAuth CRMs (docs/delivery.md, "OAuth targets"). */
export { oauthTargetsRoutes } from "./oauth-targets.routes";
