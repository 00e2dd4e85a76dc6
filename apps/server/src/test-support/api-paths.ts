import {
  type CredentialTargetName,
  credentialTargetEndpoints,
  credentialTargetNames,
  endpoints,
  fillPath,
  type OAuthProviderName,
  oauthTargetEndpoints,
  type PathParamNames,
} from "@leadquiz/contract";

/**
 * Readable paths for the server's tests, e2e/ and bench/ (`apiPaths.quizById(3)` → `/quiz/3/`,
 * below API_PREFIX). Not a second list of the API's paths: the contract's endpoint table is
 * the one definition (docs/api.md "Conventions"), and each entry here reads its endpoint's
 * path from it by operationId, so a path renamed in the table is renamed here too, and an
 * operation taken out of it, or a parameter name that its path lacks, fails to compile.
 */

/** An id, a public key, a slug or a provider: the value of a path's parameter. */
type Id = number | string;

/** A path's parameter names (any name where the compiler knows the path only as a string). */
type ParamOf<P extends string> = string extends P ? string : PathParamNames<P>;

/** The builder of an endpoint's path with its parameter `name` filled in (`fillPath`). */
function withParam<P extends string>(endpoint: { readonly path: P }, name: ParamOf<P>) {
  return (value: Id) => fillPath(endpoint.path, { [name]: value });
}

type CredentialTargetPaths = { readonly [K in CredentialTargetName]: string } & {
  readonly [K in CredentialTargetName as `${K}OfQuiz`]: (quizId: Id) => string;
};

/** `bitrix24` (connects a quiz), `bitrix24OfQuiz(quiz)` (its connection), … of each target. */
function credentialTargetPaths(): CredentialTargetPaths {
  const paths: Record<string, string | ((quizId: Id) => string)> = {};
  for (const type of credentialTargetNames) {
    const { create, get } = credentialTargetEndpoints(type);
    paths[type] = create.path;
    paths[`${type}OfQuiz`] = withParam(get, "id");
  }
  return paths as CredentialTargetPaths;
}

/** The consent link of an OAuth CRM for a quiz (`/hubspot/auth-link/{id}/`, …). */
const oauthConsentLink = (provider: OAuthProviderName, quizId: Id) =>
  withParam(oauthTargetEndpoints(provider).consentLink, "id")(quizId);

export const apiPaths = {
  // Accounts.
  health: endpoints.getHealth.path,
  register: endpoints.register.path,
  registerComplete: endpoints.completeRegistration.path,
  token: endpoints.signIn.path,
  tokenRefresh: endpoints.refreshToken.path,
  logoutAll: endpoints.signOutEverywhere.path,
  passwordReset: endpoints.requestPasswordReset.path,
  userinfo: endpoints.getUserInfo.path,

  // Projects, quizzes and their parts.
  projects: endpoints.listProjects.path,
  projectCopy: endpoints.copyProject.path,
  quizzes: endpoints.listQuizzes.path,
  quizById: withParam(endpoints.getQuiz, "id"),
  quizCopy: endpoints.copyQuiz.path,
  quizPublish: withParam(endpoints.setQuizPublished, "id"),
  publicationQuiz: endpoints.publishQuiz.path,
  publicQuiz: withParam(endpoints.getPublishedQuiz, "public_key"),
  quizAnalytics: withParam(endpoints.getQuizAnalytics, "id"),
  projectAnalytics: withParam(endpoints.getProjectAnalytics, "id"),
  quizConfigs: endpoints.createQuizConfig.path,
  quizConfigByQuiz: withParam(endpoints.getQuizConfig, "id"),
  quizConfigById: withParam(endpoints.updateQuizConfig, "id"),
  questions: endpoints.createQuestion.path,
  questionAnswerList: withParam(endpoints.listAnswers, "id"),
  answers: endpoints.createAnswer.path,
  answerById: withParam(endpoints.updateAnswer, "id"),
  questionConditions: endpoints.createQuestionCondition.path,
  results: endpoints.createResult.path,
  resultConditions: endpoints.createResultCondition.path,

  // Specialist profile, portfolio, rating.
  profile: endpoints.getProfile.path,
  portfolio: endpoints.listPortfolio.path,
  portfolioById: withParam(endpoints.updatePortfolioItem, "id"),
  rating: endpoints.getRating.path,
  publicProfile: withParam(endpoints.getPublicProfile, "slug"),

  // Visitors (no account).
  clientSessions: endpoints.openVisitorSession.path,
  publicQuizEvents: withParam(endpoints.recordVisitEvent, "public_key"),
  publicQuizLead: withParam(endpoints.submitLead, "public_key"),
  publicQuizPartialLead: withParam(endpoints.submitPartialLead, "public_key"),

  // The owner's leads.
  leadsList: endpoints.listLeads.path,
  leadsOverRate: endpoints.getLeadOverRateSummary.path,
  leadsLetThrough: endpoints.letLeadsThrough.path,
  leadOpen: endpoints.openLead.path,
  leadAnswers: withParam(endpoints.getLeadAnswers, "id"),
  leadById: withParam(endpoints.updateLead, "id"),
  leadsExport: endpoints.exportLeads.path,
  leadsRelease: endpoints.releaseLeads.path,
  leadRetention: endpoints.getLeadRetention.path,

  // Money.
  tariffs: endpoints.listTariffs.path,
  tariffInfo: endpoints.getTariffInfo.path,
  buyTariffFromBalance: endpoints.buyTariffFromBalance.path,
  tariffLinks: endpoints.getPaymentLinks.path,
  paymentProviders: endpoints.listPaymentProviders.path,
  paymentWebhook: withParam(endpoints.receivePaymentNotification, "provider"),
  paymentReturn: withParam(endpoints.returnFromPayment, "provider"),
  referral: endpoints.getReferral.path,
  transferReferralBalance: endpoints.transferReferralBalance.path,
  referralPaymentRequest: endpoints.requestReferralPayment.path,
  operatorCredit: endpoints.operatorCredit.path,
  operatorWithdrawal: withParam(endpoints.operatorDecideWithdrawal, "id"),
  operatorMediaSweep: endpoints.operatorMediaSweep.path,
  operatorTariffs: endpoints.operatorListTariffs.path,
  operatorTariff: withParam(endpoints.operatorUpdateTariff, "id"),

  // Lead delivery: integrations of a quiz, the delivery log, test leads.
  webhookIntegrations: endpoints.createWebhookIntegration.path,
  webhookIntegrationById: withParam(endpoints.updateWebhookIntegration, "id"),
  webhookIntegrationRotateSecret: withParam(endpoints.rotateWebhookSecret, "id"),
  webhookIntegrationsOfQuiz: withParam(endpoints.listWebhookIntegrations, "id"),
  webhookIntegrationsSetEnabled: withParam(endpoints.setWebhooksEnabled, "id"),
  emailIntegrationList: withParam(endpoints.listEmailIntegrations, "id"),
  emailIntegrationCreate: endpoints.createEmailIntegration.path,
  emailIntegrationDelete: withParam(endpoints.deleteEmailIntegration, "id"),
  integrationTestLead: withParam(endpoints.sendTestLead, "id"),
  ...credentialTargetPaths(),
  oauthTargets: endpoints.listOAuthTargets.path,
  oauthConsentLink,
  hubspotAuthLink: (quizId: Id) => oauthConsentLink("hubspot", quizId),
  salesforceAuthUrl: (quizId: Id) => oauthConsentLink("salesforce", quizId),
  zohoAuthUrl: (quizId: Id) => oauthConsentLink("zoho", quizId),
  /** A quiz's HubSpot / Salesforce / Zoho connection (GET, DELETE). */
  oauthIntegrationOfQuiz: (provider: OAuthProviderName, quizId: Id) =>
    withParam(oauthTargetEndpoints(provider).get, "id")(quizId),
  quizDeliveries: withParam(endpoints.listQuizDeliveries, "id"),
  deliveryRetry: withParam(endpoints.retryDelivery, "id"),
  telegramIntegration: endpoints.createTelegramIntegration.path,
  telegramIntegrationOfQuiz: withParam(endpoints.getTelegramIntegration, "id"),
  telegramWebhook: endpoints.telegramWebhook.path,
  apiKeys: endpoints.listApiKeys.path,
  apiKeyById: withParam(endpoints.revokeApiKey, "id"),
  hooks: endpoints.subscribeHook.path,
  hookById: withParam(endpoints.unsubscribeHook, "id"),
  hooksSample: endpoints.listHookSample.path,
} as const;
