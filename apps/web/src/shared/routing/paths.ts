/**
 * Every route of the owner app (docs/product.md "Pages and menus"). Patterns are for the router;
 * builders make concrete addresses. Components use these, never string URLs.
 */
export const routePatterns = {
  home: "/",
  login: "/login",
  registration: "/registration",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password/:token",
  authCallback: "/auth/callback",
  verifyEmail: "/verify-email/:token",
  completeRegistration: "/complete-registration/:token",
  confirmEmail: "/confirm-email/:token",
  referralSystem: "/referral-system",
  leads: "/leads",
  certificate: "/certificate",
  settings: "/settings",
  support: "/support",
  review: "/review",
  logout: "/logout",
  courses: "/courses",
  course: "/courses/course",
  coursesProfile: "/courses/profile",
  coursesPortfolio: "/courses/profile/portfolio",
  coursesRating: "/courses/profile/rating",
  balance: "/balance",
  balancePay: "/balance/pay",
  balanceMyRate: "/balance/my-rate",
  templates: "/templates/:projectId",
  copyTemplate: "/copy-template/:quizId",
  quiz: "/quiz/:quizId",
  quizAnalytics: "/analytics/quiz/:quizId",
  projectAnalytics: "/analytics/project/:projectId",
} as const;

/** Children of the quiz editor (`/quiz/:quizId/<child>`). */
export const quizEditorSections = [
  "questions",
  "design-settings",
  "integration",
  "settings",
  "results",
  "form-contacts",
  "addition",
  "config-action",
] as const;
export type QuizEditorSection = (typeof quizEditorSections)[number];

/** Sub-menu of the publication setup (config-action), chosen with `?section=`. */
export const configActionSections = [
  "trigger",
  "banner",
  "popup",
  "landing",
  "body",
  "chat",
] as const;
export type ConfigActionSection = (typeof configActionSections)[number];

const id = (value: number | string) => encodeURIComponent(String(value));

export const paths = {
  home: () => "/",
  login: () => "/login",
  registration: () => "/registration",
  forgotPassword: () => "/forgot-password",
  resetPassword: (token: string) => `/reset-password/${id(token)}`,
  authCallback: () => "/auth/callback",
  verifyEmail: (token: string) => `/verify-email/${id(token)}`,
  completeRegistration: (token: string) => `/complete-registration/${id(token)}`,
  confirmEmail: (token: string) => `/confirm-email/${id(token)}`,
  referralSystem: () => "/referral-system",
  leads: () => "/leads",
  certificate: () => "/certificate",
  settings: () => "/settings",
  support: () => "/support",
  review: () => "/review",
  logout: () => "/logout",
  courses: () => "/courses",
  course: () => "/courses/course",
  coursesProfile: () => "/courses/profile",
  coursesPortfolio: () => "/courses/profile/portfolio",
  coursesRating: () => "/courses/profile/rating",
  balance: () => "/balance",
  balancePay: () => "/balance/pay",
  balanceMyRate: () => "/balance/my-rate",
  templates: (projectId: number | string) => `/templates/${id(projectId)}`,
  copyTemplate: (quizId: number | string) => `/copy-template/${id(quizId)}`,
  quiz: (quizId: number | string) => `/quiz/${id(quizId)}`,
  quizSection: (quizId: number | string, section: QuizEditorSection) =>
    `/quiz/${id(quizId)}/${section}`,
  quizAnalytics: (quizId: number | string) => `/analytics/quiz/${id(quizId)}`,
  projectAnalytics: (projectId: number | string) => `/analytics/project/${id(projectId)}`,
  configAction: (quizId: number | string, section?: ConfigActionSection) =>
    `/quiz/${id(quizId)}/config-action${section ? `?section=${section}` : ""}`,
  /** A specialist's public page, rendered by the server (not a route of the app). */
  publicProfile: (slug: string) => `/u/${id(slug)}`,
} as const;

/** The query parameter that carries where to go after signing in. */
export const REDIRECT_PARAM = "redirectUrl";

/**
 * A redirect target that stays inside the app: a path starting with one "/" (not "//",
 * not a scheme). Anything else gives the fallback, so redirectUrl cannot send users away.
 */
export function safeRedirect(value: string | null | undefined, fallback = "/"): string {
  if (!value) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}

/** `/login?<current query>&redirectUrl=<path>`: where a protected route sends a visitor. */
export function loginRedirect(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.set(REDIRECT_PARAM, pathname === paths.logout() ? paths.home() : pathname);
  return `${paths.login()}?${params.toString()}`;
}

/**
 * Where a public page sends a signed-in user: redirectUrl (or /) with the rest of the
 * query string that the protected route had carried over to /login.
 */
export function afterLoginTarget(search: string): string {
  const params = new URLSearchParams(search);
  const target = safeRedirect(params.get(REDIRECT_PARAM));
  params.delete(REDIRECT_PARAM);
  const rest = params.toString();
  if (!rest) return target;
  return `${target}${target.includes("?") ? "&" : "?"}${rest}`;
}
