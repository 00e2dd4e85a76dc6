import { integrationTargets, type TargetKeyOfKind, targetKeysOfKind } from "./integration-targets";

// TO BE REMOVED (issue 40 item 5): the hand-written second list of the API's paths, kept only
// while apps/web moves to the endpoint table (endpoints/, `api.call(endpoint, …)`). Nothing
// else imports it: the server builds its paths from the table, and its tests, e2e/ and bench/
// use apps/server/src/test-support/api-paths.ts, derived from the table. Delete this file and
// its line in index.ts once apps/web no longer imports `apiPaths`.

type CredentialTargetName = TargetKeyOfKind<"credentials">;

/**
 * Paths of the API below API_PREFIX, as the owner app names them (the server answers every
 * path with and without its trailing slash).
 *
 * @deprecated To be removed: read the path from the endpoint table (`endpoints.x.path`,
 * `fillPath`; docs/api.md "Conventions").
 */
export const apiPaths = {
  health: "/health/",
  register: "/register/",
  /** POST: the link mailed at registration; makes the account and signs in. */
  registerComplete: "/register/complete/",
  token: "/token/",
  tokenRefresh: "/token/refresh/",
  logout: "/logout/",
  /** POST (signed in): ends every session of the account (docs/api.md "Accounts"). */
  logoutAll: "/logout/all/",
  passwordReset: "/password_reset/",
  passwordResetConfirm: "/password_reset/confirm/",
  changePassword: "/change-password/",
  userinfo: "/userinfo/",
  userinfoById: (id: number | string) => `/userinfo/${id}/`,
  authProviders: "/auth/providers/",
  authStart: (provider: string) => `/auth/${provider}/start/`,
  authCallback: (provider: string) => `/auth/${provider}/callback/`,
  // Account security (docs/security.md): social sign-in's one-time code, e-mail proof.
  authExchange: "/auth/exchange/",
  emailVerify: "/email/verify/",
  emailVerifyResend: "/email/verify/resend/",
  emailChange: "/email/change/",
  emailChangeConfirm: "/email/change/confirm/",

  // Projects and quizzes. Builders take an id, or ":id" for a Fastify route pattern.
  projects: "/project/",
  projectById: (id: Id) => `/project/${id}/`,
  projectCopy: "/project/copy/",
  quizzes: "/quiz/",
  quizById: (id: Id) => `/quiz/${id}/`,
  quizCopy: "/quiz/copy/",
  quizPublish: (id: Id) => `/quiz/${id}/publish/`,
  publicationQuiz: "/publication-quiz/",
  /** GET (owner): the snapshot the current draft would publish, for the editor's preview. */
  quizPreview: (id: Id) => `/quiz/${id}/preview/`,
  /** GET (owner): the published versions, newest first. */
  quizPublications: (id: Id) => `/quiz/${id}/publications/`,
  /** GET (owner): the snapshot of one published version. */
  quizPublicationVersion: (id: Id, version: Id) => `/quiz/${id}/publications/${version}/`,
  /** POST (owner): rewrites the draft from a published version; answers the Quiz. */
  quizPublicationRestore: (id: Id, version: Id) => `/quiz/${id}/publications/${version}/restore/`,
  /** GET (no account): the latest published snapshot of a live quiz. */
  publicQuiz: (publicKey: string) => `/public/quiz/${publicKey}/`,
  /** GET (owner): the quiz's funnel report (docs/analytics.md). */
  quizAnalytics: (id: Id) => `/quiz/${id}/analytics/`,
  /** GET (owner): the funnel report summed over the project's quizzes. */
  projectAnalytics: (id: Id) => `/project/${id}/analytics/`,
  quizVideoCompressTasks: (id: Id) => `/quiz/${id}/video-compress-tasks/`,
  quizConfigs: "/config/quiz/",
  /** GET: the config of quiz `quizId` (404 while it has none). */
  quizConfigByQuiz: (quizId: Id) => `/config/quiz/${quizId}`,
  /** PATCH: config `configId`. Same pattern as quizConfigByQuiz; the method tells them apart. */
  quizConfigById: (configId: Id) => `/config/quiz/${configId}/`,

  // Questions, answers, conditions.
  quizQuestionList: (quizId: Id) => `/quiz/${quizId}/question_list/`,
  questions: "/question/",
  questionById: (id: Id) => `/question/${id}/`,
  questionCopy: "/question/copy/",
  questionAnswerList: (questionId: Id) => `/question/${questionId}/answer_list/`,
  answers: "/answer/",
  answerById: (id: Id) => `/answer/${id}/`,
  questionConditions: "/questioncondition/",
  questionConditionById: (id: Id) => `/questioncondition/${id}/`,
  questionConditionList: (questionId: Id) => `/questionconditionlist/${questionId}/`,

  // Results and conditions.
  quizResultList: (quizId: Id) => `/quiz/${quizId}/result_list/`,
  results: "/result/",
  resultById: (id: Id) => `/result/${id}/`,
  resultCopy: "/result/copy/",
  resultConditionList: (resultId: Id) => `/resultconditionlist/${resultId}/`,
  resultConditions: "/resultcondition/",
  resultConditionById: (id: Id) => `/resultcondition/${id}/`,

  // Form fields and additions.
  quizFormFieldList: (quizId: Id) => `/quiz/${quizId}/formfield_list/`,
  formFields: "/formfield/",
  formFieldById: (id: Id) => `/formfield/${id}/`,
  additionsByQuiz: (quizId: Id) => `/addition/${quizId}/by_quiz`,
  additions: "/addition/",
  additionById: (id: Id) => `/addition/${id}/`,

  // Reference lists.
  currencyList: "/currencylist/",
  fontList: "/fontlist/",
  languageList: "/languagelist/",

  // Public settings (docs/api.md "Public settings").
  keyValue: "/key_value/",

  // The template catalogue (docs/templates.md).
  quizTemplateTypes: "/quiztemplatetype/",
  quizTemplateThemes: "/quiztemplatetheme/",
  quizTemplates: "/quiz-templates/",
  copyTemplate: "/copy-template/",
  operatorTemplates: "/operator/templates/",

  // Support and reviews (docs/api.md "Support and reviews").
  support: "/support/",
  reviews: "/service-feedback-list/",
  createReview: "/create-feedback/",

  // Specialist profile, portfolio, rating (docs/profile-rating.md).
  profile: "/profile/",
  portfolio: "/portfolio/",
  portfolioById: (id: Id) => `/portfolio/${id}/`,
  rating: "/rating/",
  /** GET, no account: a public profile (404 when private or unknown). */
  publicProfile: (slug: string) => `/public/profile/${slug}/`,

  // Visitors (no account). Builders take a public key, or ":public_key" for a route pattern.
  clientSessions: "/client-sessions/",
  publicQuizEvents: (publicKey: string) => `/public/quiz/${publicKey}/events/`,
  publicQuizLead: (publicKey: string) => `/public/quiz/${publicKey}/lead/`,
  publicQuizPartialLead: (publicKey: string) => `/public/quiz/${publicKey}/partial-lead/`,

  // The owner's leads (docs/leads.md).
  leadsList: "/leadslist/",
  leadOpen: "/update-lead-tariff/",

  // Money (docs/money.md).
  tariffs: "/tariffs/",
  tariffInfo: "/tariffinfo/",
  buyTariffFromBalance: "/buy-tariff-from-balance/",
  tariffLinks: "/tarifflinks/",
  paymentProviders: "/payment-providers/",
  /** POST, the provider's signed notification (no account). */
  paymentWebhook: (provider: Id) => `/payments/${provider}/webhook/`,
  /** GET, the payer's browser back from the provider's page (no account). */
  paymentReturn: (provider: Id) => `/payments/${provider}/return/`,
  referral: "/referral/",
  transferReferralBalance: "/transfer_referral_balance/",
  referralPaymentRequest: "/referral_payment_request/",
  /** POST, operator key only (`npm run operator -- credit`). */
  operatorCredit: "/operator/credit/",
  /** POST, operator key only: pay or reject a referral withdrawal request. */
  operatorWithdrawal: (id: Id) => `/operator/withdrawal/${id}/`,
  /** POST, operator key only (`npm run media:sweep`): removes files nothing holds. */
  operatorMediaSweep: "/operator/media-sweep/",
  /** GET (the whole catalogue) and POST (add), operator key only (`npm run operator -- tariff`). */
  operatorTariffs: "/operator/tariffs/",
  /** PATCH, operator key only: change a tariff of the catalogue. */
  operatorTariff: (id: Id) => `/operator/tariffs/${id}/`,
  leadAnswers: (id: Id) => `/lead_answers/${id}/`,
  leadById: (id: Id) => `/lead/${id}/`,
  leadsExport: "/leads/export/",
  leadsRelease: "/leads/release/",
  leadRetention: "/leads/retention/",

  // Lead delivery: integrations of a quiz, the delivery log, test leads.
  webhookIntegrations: "/webhook-integration/",
  webhookIntegrationById: (id: Id) => `/webhook-integration/${id}/`,
  webhookIntegrationRotateSecret: (id: Id) => `/webhook-integration/${id}/rotate_secret/`,
  webhookIntegrationsOfQuiz: (quizId: Id) => `/webhook-integration/quiz/${quizId}/`,
  webhookIntegrationsSetEnabled: (quizId: Id) => `/webhook-integration/quiz/${quizId}/set_enabled/`,
  emailIntegrationList: (quizId: Id) => `/integration/email/list/${quizId}`,
  emailIntegrationCreate: "/integration/email/create/",
  emailIntegrationDelete: (id: Id) => `/integration/email/delete/${id}`,
  integrationTestLead: (id: Id) => `/integration/${id}/test/`,
  integrationSetEnabled: (id: Id) => `/integration/${id}/set_enabled/`,
  /** `bitrix24`, `bitrix24OfQuiz(quiz)`, … of each credential target (integration-targets.ts). */
  ...credentialTargetPaths(),
  /** GET: which OAuth CRMs this server has an app for (`{hubspot: true, ...}`). */
  oauthTargets: "/oauth/targets/",
  /** GET: the consent link of an OAuth CRM for a quiz (`/hubspot/auth-link/{quiz}/`, …). */
  oauthConsentLink: oauthConsentPath,
  hubspotAuthLink: (quizId: Id) => oauthConsentPath("hubspot", quizId),
  salesforceAuthUrl: (quizId: Id) => oauthConsentPath("salesforce", quizId),
  zohoAuthUrl: (quizId: Id) => oauthConsentPath("zoho", quizId),
  /** The provider sends the browser back here (no sign-in: the state names owner and quiz). */
  oauthCallback: (provider: string) => `/oauth/${provider}/callback/`,
  /** GET (404: not connected) and DELETE of a quiz's HubSpot / Salesforce / Zoho connection. */
  oauthIntegrationOfQuiz: (provider: string, quizId: Id) => `/${provider}/${quizId}/`,
  quizDeliveries: (quizId: Id) => `/quiz/${quizId}/deliveries/`,
  deliveryRetry: (id: Id) => `/delivery/${id}/retry/`,
  telegramIntegration: "/telegram-integration/",
  telegramIntegrationOfQuiz: (quizId: Id) => `/telegram-integration/${quizId}/`,
  telegramWebhook: "/telegram/webhook/",
  // Account API keys and REST hooks for automation platforms.
  apiKeys: "/api-keys/",
  apiKeyById: (id: Id) => `/api-keys/${id}/`,
  hooks: "/hooks/",
  hookById: (id: Id) => `/hooks/${id}/`,
  hooksSample: "/hooks/sample/",
} as const;

/** An id, or a route parameter such as ":id". */
type Id = number | string;

type CredentialTargetPaths = { readonly [K in CredentialTargetName]: string } & {
  readonly [K in CredentialTargetName as `${K}OfQuiz`]: (quizId: Id) => string;
};

/** Each credential target's paths, from its `path` in integration-targets.ts. */
function credentialTargetPaths(): CredentialTargetPaths {
  const paths: Record<string, string | ((quizId: Id) => string)> = {};
  for (const key of targetKeysOfKind("credentials")) {
    const path = integrationTargets[key].connect.path;
    paths[key] = `/${path}/`;
    paths[`${key}OfQuiz`] = (quizId: Id) => `/${path}/${quizId}/`;
  }
  return paths as CredentialTargetPaths;
}

/** The consent link of an OAuth CRM (`consent` in integration-targets.ts). */
function oauthConsentPath(provider: TargetKeyOfKind<"oauth">, quizId: Id): string {
  return `/${provider}/${integrationTargets[provider].connect.consent.replace("{quiz}", String(quizId))}`;
}
