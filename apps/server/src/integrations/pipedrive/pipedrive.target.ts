import type { CredentialServerTarget } from "../target";
import { checkPipedriveToken, createPipedriveAdapter } from "./pipedrive.adapter";

/** Pipedrive (docs/delivery.md "Pipedrive"): a person, a lead and a note per lead. */
export const pipedriveTarget = {
  key: "pipedrive",
  createAdapter: ({ http, config }) => createPipedriveAdapter(http, config.targetApiUrls.pipedrive),
  check: ({ http, config }, values) =>
    checkPipedriveToken(http, config.targetApiUrls.pipedrive, values.api_token ?? ""),
} satisfies CredentialServerTarget<"pipedrive">;
