import type { FastifyInstance } from "fastify";
import type { ApiOptions } from "./app-context";
import { accountsRoutes } from "./modules/accounts/accounts.routes";
import { additionsRoutes } from "./modules/additions/additions.routes";
import { answersRoutes } from "./modules/answers/answers.routes";
import { deliveryRoutes } from "./modules/delivery/delivery.routes";
import { emailAddressRoutes } from "./modules/email-address/email-address.routes";
import { formFieldsRoutes } from "./modules/form-fields/form-fields.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { leadInboxRoutes } from "./modules/leads/lead-inbox.routes";
import { leadsRoutes } from "./modules/leads/leads.routes";
import { mediaRoutes } from "./modules/media/media.routes";
import { passwordResetRoutes } from "./modules/password-reset/password-reset.routes";
import { projectsRoutes } from "./modules/projects/projects.routes";
import { publicationRoutes } from "./modules/publication/publication.routes";
import { questionConditionsRoutes } from "./modules/question-conditions/question-conditions.routes";
import { questionsRoutes } from "./modules/questions/questions.routes";
import { quizConfigsRoutes } from "./modules/quiz-configs/quiz-configs.routes";
import { quizzesRoutes } from "./modules/quizzes/quizzes.routes";
import { referenceListsRoutes } from "./modules/reference-lists/reference-lists.routes";
import { resultConditionsRoutes } from "./modules/result-conditions/result-conditions.routes";
import { resultsRoutes } from "./modules/results/results.routes";
import { socialAuthRoutes } from "./modules/social-auth/social-auth.routes";
import { operatorRoutes } from "./modules/tariffs/operator.routes";
import { referralRoutes } from "./modules/tariffs/referral.routes";
import { tariffsRoutes } from "./modules/tariffs/tariffs.routes";
import { visitorSessionsRoutes } from "./modules/visitor-sessions/visitor-sessions.routes";
import { rateLimitPlugin } from "./plugins/rate-limit";

/** Every module's routes under /api/v1, registered explicitly (no autoload). */
export async function apiRoutes(app: FastifyInstance, { context }: ApiOptions) {
  // Before the routes: it decorates the scope with the limits `rateLimitFor` applies.
  await app.register(rateLimitPlugin, { context });
  await app.register(accountsRoutes, { context });
  await app.register(healthRoutes, { context });
  await app.register(passwordResetRoutes, { context });
  await app.register(socialAuthRoutes, { context });
  await app.register(emailAddressRoutes, { context });
  await app.register(projectsRoutes, { context });
  await app.register(quizzesRoutes, { context });
  await app.register(resultsRoutes, { context });
  await app.register(resultConditionsRoutes, { context });
  await app.register(formFieldsRoutes, { context });
  await app.register(additionsRoutes, { context });
  await app.register(quizConfigsRoutes, { context });
  await app.register(referenceListsRoutes, { context });
  await app.register(questionsRoutes, { context });
  await app.register(answersRoutes, { context });
  await app.register(questionConditionsRoutes, { context });
  await app.register(mediaRoutes, { context });
  await app.register(visitorSessionsRoutes, { context });
  await app.register(leadsRoutes, { context });
  await app.register(leadInboxRoutes, { context });
  await app.register(deliveryRoutes, { context });
  await app.register(publicationRoutes, { context });
  await app.register(tariffsRoutes, { context });
  await app.register(operatorRoutes, { context });
  await app.register(referralRoutes, { context });
}
