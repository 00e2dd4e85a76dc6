import { z } from "zod";
import { errorBodySchema } from "../errors";
import { oauthProviders, oauthTargetsSchema } from "../integrations";
import { endpoint } from "./endpoint";

const tags = ["lead delivery"];

/** What providers send back (Zoho adds its data centre); anything else is ignored. */
const callbackQuery = z
  .object({
    code: z.string().max(2048),
    state: z.string().max(128),
    error: z.string().max(256),
    location: z.string().max(16),
    "accounts-server": z.string().max(256),
  })
  .partial()
  .loose();

/** The operations of apps/server's oauth-targets.routes.ts (docs/api.md). */
export const oauthTargetsEndpoints = {
  oauthCallback: endpoint({
    method: "GET",
    path: "/oauth/{provider}/callback/",
    operationId: "oauthCallback",
    tags,
    summary: "The provider sends the owner back: 302 to the integration tab",
    description:
      "Takes the state (once), exchanges the code for tokens, stores them encrypted and " +
      "sends the browser to `/quiz/{quiz}/integration?connected={provider}`; a wrong, " +
      "used or expired state, a refusal or a failed exchange stores nothing and lands " +
      "on `?oauth_error={provider}`; without the cookie of the consent link (the link " +
      "was opened in another browser) also `&oauth_reason=browser`.",
    params: z.object({ provider: z.enum(oauthProviders) }),
    query: callbackQuery,
    redirect:
      "To the web app's /quiz/{quiz}/integration?connected={provider} when connected, else ?oauth_error={provider} (with &oauth_reason=browser when the browser lacks the consent link's cookie)",
    errors: [400],
  }),
  listOAuthTargets: endpoint({
    method: "GET",
    path: "/oauth/targets/",
    operationId: "listOAuthTargets",
    tags,
    summary: "Which OAuth CRMs this server can connect",
    description: "False for a provider the operator registered no app with.",
    responses: { 200: oauthTargetsSchema, 401: errorBodySchema },
  }),
} as const;
