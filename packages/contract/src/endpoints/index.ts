import { accountsEndpoints } from "./accounts";
import { additionsEndpoints } from "./additions";
import { analyticsEndpoints } from "./analytics";
import { answersEndpoints } from "./answers";
import { apiKeysEndpoints } from "./api-keys";
import { deliveryLogEndpoints } from "./delivery-log";
import { emailAddressEndpoints } from "./email-address";
import { emailTargetsEndpoints } from "./email-targets";
import type { Endpoint } from "./endpoint";
import { formFieldsEndpoints } from "./form-fields";
import { hooksEndpoints } from "./hooks";
import { integrationTargetEndpointList } from "./integration-targets";
import { leadInboxEndpoints } from "./lead-inbox";
import { leadsEndpoints } from "./leads";
import { mediaEndpoints } from "./media";
import { oauthTargetsEndpoints } from "./oauth-targets";
import { operatorEndpoints } from "./operator";
import { passwordResetEndpoints } from "./password-reset";
import { paymentsEndpoints } from "./payments";
import { profilesEndpoints } from "./profiles";
import { projectEndpoints } from "./projects";
import { publicationEndpoints } from "./publication";
import { questionConditionsEndpoints } from "./question-conditions";
import { questionsEndpoints } from "./questions";
import { quizConfigsEndpoints } from "./quiz-configs";
import { quizEndpoints } from "./quizzes";
import { referenceListEndpoints } from "./reference-lists";
import { referralEndpoints } from "./referral";
import { resultConditionsEndpoints } from "./result-conditions";
import { resultsEndpoints } from "./results";
import { socialAuthEndpoints } from "./social-auth";
import { supportEndpoints } from "./support";
import { tariffsEndpoints } from "./tariffs";
import { telegramEndpoints } from "./telegram";
import { templatesEndpoints } from "./templates";
import { visitorSessionsEndpoints } from "./visitor-sessions";
import { webhookTargetsEndpoints } from "./webhook-targets";

export * from "./delivery-shared";
export * from "./endpoint";
export * from "./integration-targets";
export {
  accountsEndpoints,
  additionsEndpoints,
  analyticsEndpoints,
  answersEndpoints,
  apiKeysEndpoints,
  deliveryLogEndpoints,
  emailAddressEndpoints,
  emailTargetsEndpoints,
  formFieldsEndpoints,
  hooksEndpoints,
  leadInboxEndpoints,
  leadsEndpoints,
  mediaEndpoints,
  oauthTargetsEndpoints,
  operatorEndpoints,
  passwordResetEndpoints,
  paymentsEndpoints,
  profilesEndpoints,
  projectEndpoints,
  publicationEndpoints,
  questionConditionsEndpoints,
  questionsEndpoints,
  quizConfigsEndpoints,
  quizEndpoints,
  referenceListEndpoints,
  referralEndpoints,
  resultConditionsEndpoints,
  resultsEndpoints,
  socialAuthEndpoints,
  supportEndpoints,
  tariffsEndpoints,
  telegramEndpoints,
  templatesEndpoints,
  visitorSessionsEndpoints,
  webhookTargetsEndpoints,
};

/**
 * Every operation of the endpoint table, by operationId (docs/api.md "Conventions"). Grouped
 * by feature in this folder; a new operation goes into its feature's file, listed here.
 */
export const endpoints = {
  ...accountsEndpoints,
  ...additionsEndpoints,
  ...analyticsEndpoints,
  ...answersEndpoints,
  ...apiKeysEndpoints,
  ...deliveryLogEndpoints,
  ...emailAddressEndpoints,
  ...emailTargetsEndpoints,
  ...formFieldsEndpoints,
  ...hooksEndpoints,
  ...leadInboxEndpoints,
  ...leadsEndpoints,
  ...mediaEndpoints,
  ...oauthTargetsEndpoints,
  ...operatorEndpoints,
  ...passwordResetEndpoints,
  ...paymentsEndpoints,
  ...profilesEndpoints,
  ...projectEndpoints,
  ...publicationEndpoints,
  ...questionConditionsEndpoints,
  ...questionsEndpoints,
  ...quizConfigsEndpoints,
  ...quizEndpoints,
  ...referenceListEndpoints,
  ...referralEndpoints,
  ...resultConditionsEndpoints,
  ...resultsEndpoints,
  ...socialAuthEndpoints,
  ...supportEndpoints,
  ...tariffsEndpoints,
  ...telegramEndpoints,
  ...templatesEndpoints,
  ...visitorSessionsEndpoints,
  ...webhookTargetsEndpoints,
} as const;

/**
 * The endpoint table as a list, with the operations generated from the integration registry
 * (integration-targets.ts), for the server's OpenAPI catalogue and its tests.
 */
export const endpointList: readonly Endpoint[] = [
  ...Object.values(endpoints),
  ...integrationTargetEndpointList,
];
