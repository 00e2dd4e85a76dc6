import {
  apiPaths,
  credentialTargetNames,
  oauthProviders,
  operationNameOf,
} from "@leadquiz/contract";

/**
 * One entry per API operation, keyed by `METHOD /path` as the OpenAPI document spells it
 * (without the `/api/v1` prefix). The summary and tags live with the route; this catalogue
 * gives each operation the name clients and comments use for it (its `operationId`) and
 * the answers the route's schema cannot declare (a redirect, errors thrown by the service).
 *
 * A new route needs an entry here: `openapi.test.ts` fails for an operation without one,
 * and `npm run lint` (redocly) fails for an operation without an operationId.
 */
export interface OperationEntry {
  operationId: string;
  /** The route answers 302 (with this description) instead of a JSON body. */
  redirect?: string;
  /** Error answers the route's schema does not list: 400 (field errors) or `{detail, code}`. */
  errors?: readonly ErrorStatus[];
  /**
   * The session cookie (docs/adr/0017-session-cookie.md): `sets` — the success answer sets
   * (or deletes) it; `spends` — the call reads it (and needs the X-Requested-With header) and sets or
   * deletes it.
   */
  sessionCookie?: "sets" | "spends";
}

export type ErrorStatus = 400 | 404;

/** The `{id}` of a path as the OpenAPI document spells it. */
const ID = "{id}";

/**
 * The operations of every target of packages/contract `integrationTargets` connected with
 * credentials (`createBitrix24Integration`, `getBitrix24Integration`, …) or by OAuth
 * (`getHubspotAuthLink`, `getHubspotIntegration`, `deleteHubspotIntegration`).
 */
function integrationTargetOperations(): Record<string, OperationEntry> {
  const entries: Record<string, OperationEntry> = {};
  for (const key of credentialTargetNames) {
    const name = `${operationNameOf(key)}Integration`;
    entries[`POST ${apiPaths[key]}`] = { operationId: `create${name}` };
    const ofQuiz = apiPaths[`${key}OfQuiz`](ID);
    entries[`GET ${ofQuiz}`] = { operationId: `get${name}` };
    entries[`PATCH ${ofQuiz}`] = { operationId: `update${name}` };
    entries[`DELETE ${ofQuiz}`] = { operationId: `delete${name}` };
  }
  for (const key of oauthProviders) {
    const link = apiPaths.oauthConsentLink(key, ID);
    // `auth-link/{quiz}/` → `AuthLink`
    const linkName = link.split("/")[2]?.split("-").map(operationNameOf).join("");
    entries[`GET ${link}`] = {
      operationId: `get${operationNameOf(key)}${linkName}`,
      errors: [404],
    };
  }
  for (const key of oauthProviders) {
    const ofQuiz = apiPaths.oauthIntegrationOfQuiz(key, ID);
    entries[`GET ${ofQuiz}`] = { operationId: `get${operationNameOf(key)}Integration` };
    entries[`DELETE ${ofQuiz}`] = { operationId: `delete${operationNameOf(key)}Integration` };
  }
  return entries;
}

export const operations: Readonly<Record<string, OperationEntry>> = {
  // accounts
  "POST /register/": { operationId: "register" },
  "POST /register/complete/": { operationId: "completeRegistration", sessionCookie: "sets" },
  "POST /token/": { operationId: "signIn", sessionCookie: "sets" },
  "POST /token/refresh/": { operationId: "refreshToken", sessionCookie: "spends" },
  "POST /logout/": { operationId: "signOut", sessionCookie: "spends" },
  "POST /logout/all/": { operationId: "signOutEverywhere", sessionCookie: "sets" },
  "POST /change-password/": { operationId: "changePassword", sessionCookie: "sets" },
  "GET /userinfo/": { operationId: "getUserInfo" },
  "PATCH /userinfo/{id}/": { operationId: "updateUserInfo" },
  "POST /password_reset/": { operationId: "requestPasswordReset" },
  "POST /password_reset/confirm/": { operationId: "confirmPasswordReset" },
  "GET /auth/providers/": { operationId: "listSocialProviders" },
  "POST /auth/exchange/": { operationId: "exchangeSocialSignInCode", sessionCookie: "sets" },
  "POST /email/verify/": { operationId: "verifyEmail" },
  "POST /email/verify/resend/": { operationId: "resendEmailVerification" },
  "POST /email/change/": { operationId: "requestEmailChange" },
  "POST /email/change/confirm/": { operationId: "confirmEmailChange" },
  "GET /auth/{provider}/start/": {
    operationId: "startSocialSignIn",
    redirect: "To the provider's sign-in page",
    errors: [400, 404],
  },
  "GET /auth/{provider}/callback/": {
    operationId: "finishSocialSignIn",
    redirect:
      "To the web app's /auth/callback, with a one-time code to exchange by POST /auth/exchange/ (or `error=social_signin_failed` or `error=provider_email_unverified`) in the fragment",
    errors: [400, 404],
  },
  // health
  "GET /health/": { operationId: "getHealth" },
  // projects
  "GET /project/": { operationId: "listProjects" },
  "POST /project/": { operationId: "createProject" },
  "GET /project/{id}/": { operationId: "getProject" },
  "PATCH /project/{id}/": { operationId: "updateProject" },
  "DELETE /project/{id}/": { operationId: "deleteProject" },
  "POST /project/copy/": { operationId: "copyProject" },
  // quizzes
  "GET /quiz/": { operationId: "listQuizzes" },
  "POST /quiz/": { operationId: "createQuiz" },
  "GET /quiz/{id}/": { operationId: "getQuiz" },
  "PATCH /quiz/{id}/": { operationId: "updateQuiz" },
  "DELETE /quiz/{id}/": { operationId: "deleteQuiz" },
  "POST /quiz/copy/": { operationId: "copyQuiz" },
  // results
  "GET /quiz/{id}/result_list/": { operationId: "listResults" },
  "GET /result/{id}/": { operationId: "getResult" },
  "PATCH /result/{id}/": { operationId: "updateResult" },
  "DELETE /result/{id}/": { operationId: "deleteResult" },
  "POST /result/": { operationId: "createResult" },
  "POST /result/copy/": { operationId: "copyResult" },
  // result conditions
  "GET /resultconditionlist/{id}/": { operationId: "listResultConditions" },
  "GET /resultcondition/{id}/": { operationId: "getResultCondition" },
  "PATCH /resultcondition/{id}/": { operationId: "updateResultCondition" },
  "DELETE /resultcondition/{id}/": { operationId: "deleteResultCondition" },
  "POST /resultcondition/": { operationId: "createResultCondition" },
  // form fields
  "GET /quiz/{id}/formfield_list/": { operationId: "listFormFields" },
  "GET /formfield/{id}/": { operationId: "getFormField" },
  "PATCH /formfield/{id}/": { operationId: "updateFormField" },
  "DELETE /formfield/{id}/": { operationId: "deleteFormField" },
  // lead delivery
  "POST /webhook-integration/": { operationId: "createWebhookIntegration" },
  "GET /webhook-integration/quiz/{id}/": { operationId: "listWebhookIntegrations" },
  "PATCH /webhook-integration/{id}/": { operationId: "updateWebhookIntegration" },
  "DELETE /webhook-integration/{id}/": { operationId: "deleteWebhookIntegration" },
  "POST /webhook-integration/{id}/rotate_secret/": { operationId: "rotateWebhookSecret" },
  "POST /webhook-integration/quiz/{id}/set_enabled/": { operationId: "setWebhooksEnabled" },
  "GET /integration/email/list/{id}": { operationId: "listEmailIntegrations" },
  "POST /integration/email/create/": { operationId: "createEmailIntegration" },
  "DELETE /integration/email/delete/{id}": { operationId: "deleteEmailIntegration" },
  "POST /integration/{id}/set_enabled/": { operationId: "setIntegrationEnabled" },
  "POST /integration/{id}/test/": { operationId: "sendTestLead" },
  "GET /oauth/targets/": { operationId: "listOAuthTargets" },
  // each credential target and OAuth CRM of the registry (integration-targets.ts)
  ...integrationTargetOperations(),
  "GET /oauth/{provider}/callback/": {
    operationId: "oauthCallback",
    redirect:
      "To the web app's /quiz/{quiz}/integration?connected={provider} when connected, else ?oauth_error={provider} (with &oauth_reason=browser when the browser lacks the consent link's cookie)",
    errors: [400],
  },
  "GET /quiz/{id}/deliveries/": { operationId: "listQuizDeliveries" },
  "POST /delivery/{id}/retry/": { operationId: "retryDelivery" },
  "GET /telegram-integration/{id}/": { operationId: "getTelegramIntegration" },
  "POST /telegram-integration/": { operationId: "createTelegramIntegration" },
  "PATCH /telegram-integration/{id}/": { operationId: "updateTelegramIntegration" },
  "DELETE /telegram-integration/{id}/": { operationId: "deleteTelegramIntegration" },
  "POST /telegram/webhook/": { operationId: "telegramWebhook" },
  "POST /api-keys/": { operationId: "createApiKey" },
  "GET /api-keys/": { operationId: "listApiKeys" },
  "DELETE /api-keys/{id}/": { operationId: "revokeApiKey" },
  "POST /hooks/": { operationId: "subscribeHook" },
  "DELETE /hooks/{id}/": { operationId: "unsubscribeHook" },
  "GET /hooks/sample/": { operationId: "listHookSample" },
  "POST /formfield/": { operationId: "createFormField" },
  // additions
  "GET /addition/{id}/by_quiz": { operationId: "listAdditions" },
  "POST /addition/": { operationId: "createAddition" },
  "PATCH /addition/{id}/": { operationId: "updateAddition" },
  "DELETE /addition/{id}/": { operationId: "deleteAddition" },
  // quiz config
  "GET /config/quiz/{id}": { operationId: "getQuizConfig" },
  "POST /config/quiz/": { operationId: "createQuizConfig" },
  "PATCH /config/quiz/{id}/": { operationId: "updateQuizConfig" },
  // reference lists
  "GET /languagelist/": { operationId: "listLanguages" },
  "GET /currencylist/": { operationId: "listCurrencies" },
  "GET /fontlist/": { operationId: "listFonts" },
  // public settings
  "GET /key_value/": { operationId: "getPublicSettings" },
  // support and reviews
  "POST /support/": { operationId: "sendSupportRequest" },
  "GET /service-feedback-list/": { operationId: "listReviews" },
  "POST /create-feedback/": { operationId: "saveReview" },
  // the template catalogue
  "GET /quiztemplatetype/": { operationId: "listTemplateTypes" },
  "GET /quiztemplatetheme/": { operationId: "listTemplateThemes" },
  "GET /quiz-templates/": { operationId: "listTemplates" },
  "POST /copy-template/": { operationId: "copyTemplate" },
  // profile, portfolio, rating
  "GET /profile/": { operationId: "getProfile" },
  "PATCH /profile/": { operationId: "updateProfile" },
  "GET /portfolio/": { operationId: "listPortfolio" },
  "POST /portfolio/": { operationId: "createPortfolioItem" },
  "PATCH /portfolio/{id}/": { operationId: "updatePortfolioItem" },
  "DELETE /portfolio/{id}/": { operationId: "deletePortfolioItem" },
  "GET /rating/": { operationId: "getRating" },
  "GET /public/profile/{slug}/": { operationId: "getPublicProfile" },
  // questions
  "GET /quiz/{id}/question_list/": { operationId: "listQuestions" },
  "GET /question/{id}/": { operationId: "getQuestion" },
  "PATCH /question/{id}/": { operationId: "updateQuestion" },
  "DELETE /question/{id}/": { operationId: "deleteQuestion" },
  "POST /question/": { operationId: "createQuestion" },
  "POST /question/copy/": { operationId: "copyQuestion" },
  // answers
  "GET /question/{id}/answer_list/": { operationId: "listAnswers" },
  "POST /answer/": { operationId: "createAnswer" },
  "PATCH /answer/{id}/": { operationId: "updateAnswer" },
  "DELETE /answer/{id}/": { operationId: "deleteAnswer" },
  // question conditions
  "GET /questioncondition/{id}/": { operationId: "getQuestionCondition" },
  "PATCH /questioncondition/{id}/": { operationId: "updateQuestionCondition" },
  "DELETE /questioncondition/{id}/": { operationId: "deleteQuestionCondition" },
  "GET /questionconditionlist/{id}/": { operationId: "listQuestionConditions" },
  "POST /questioncondition/": { operationId: "createQuestionCondition" },
  // media
  "GET /quiz/{id}/video-compress-tasks/": { operationId: "listVideoCompressTasks" },
  // visitors
  "POST /client-sessions/": { operationId: "openVisitorSession" },
  "POST /public/quiz/{public_key}/events/": { operationId: "recordVisitEvent" },
  "POST /public/quiz/{public_key}/lead/": { operationId: "submitLead" },
  "POST /public/quiz/{public_key}/partial-lead/": { operationId: "submitPartialLead" },
  // the owner's leads
  "GET /leadslist/": { operationId: "listLeads" },
  "POST /update-lead-tariff/": { operationId: "openLead" },
  "GET /lead_answers/{id}/": { operationId: "getLeadAnswers" },
  "PATCH /lead/{id}/": { operationId: "updateLead" },
  "DELETE /lead/{id}/": { operationId: "eraseLead" },
  "GET /leads/export/": { operationId: "exportLeads" },
  "POST /leads/release/": { operationId: "releaseLeads" },
  "GET /leads/retention/": { operationId: "getLeadRetention" },
  "PUT /leads/retention/": { operationId: "setLeadRetention" },
  // analytics
  "GET /quiz/{id}/analytics/": { operationId: "getQuizAnalytics" },
  "GET /project/{id}/analytics/": { operationId: "getProjectAnalytics" },
  // money
  "GET /tariffs/": { operationId: "listTariffs" },
  "GET /tariffinfo/": { operationId: "getTariffInfo" },
  "POST /buy-tariff-from-balance/": { operationId: "buyTariffFromBalance" },
  "POST /operator/credit/": { operationId: "operatorCredit" },
  "POST /operator/withdrawal/{id}/": { operationId: "operatorDecideWithdrawal" },
  "POST /operator/media-sweep/": { operationId: "operatorMediaSweep" },
  "POST /operator/templates/": { operationId: "operatorMakeTemplate" },
  "GET /operator/tariffs/": { operationId: "operatorListTariffs" },
  "POST /operator/tariffs/": { operationId: "operatorCreateTariff" },
  "PATCH /operator/tariffs/{id}/": { operationId: "operatorUpdateTariff" },
  "GET /tarifflinks/": { operationId: "getPaymentLinks" },
  "GET /payment-providers/": { operationId: "listPaymentProviders" },
  "POST /payments/{provider}/webhook/": { operationId: "receivePaymentNotification" },
  "GET /payments/{provider}/return/": {
    operationId: "returnFromPayment",
    redirect:
      "To the web app's /balance/my-rate?payment=done when the payment is confirmed, else /balance/pay?payment=failed",
    errors: [400, 404],
  },
  "GET /referral/": { operationId: "getReferral" },
  "PUT /transfer_referral_balance/": { operationId: "transferReferralBalance" },
  "POST /referral_payment_request/": { operationId: "requestReferralPayment" },
  // publishing
  "POST /publication-quiz/": { operationId: "publishQuiz" },
  "PUT /quiz/{id}/publish/": { operationId: "setQuizPublished" },
  "GET /quiz/{id}/preview/": { operationId: "getQuizDraftSnapshot" },
  "GET /quiz/{id}/publications/": { operationId: "listQuizPublications" },
  "GET /quiz/{id}/publications/{version}/": { operationId: "getQuizPublication" },
  "POST /quiz/{id}/publications/{version}/restore/": { operationId: "restoreQuizPublication" },
  "GET /public/quiz/{public_key}/": { operationId: "getPublishedQuiz" },
};
