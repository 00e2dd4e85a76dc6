/** The route's module (app/routes.tsx); the tab itself lives in `config-action/`. */
export { ConfigActionPage } from "./config-action/config-action-page";
