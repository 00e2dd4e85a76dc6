import { lazy, Suspense } from "react";
import { Navigate, Outlet, type RouteObject } from "react-router";
import { routePatterns } from "@/shared/routing/paths";
import { PageLoader } from "@/shared/ui/page-loader";
import { RequireAnonymous } from "./guards/require-anonymous";
import { RequireAuth } from "./guards/require-auth";
import { mantineLayer } from "./mantine-chunk";

/**
 * The error page comes with Mantine's provider (loaded before any route renders), so a page
 * that failed to load because a new version was deployed still finds it.
 */
const RouteErrorPage = lazy(async () => ({ default: (await mantineLayer).RouteErrorPage }));

/** A section that comes later: loaded on demand, it shows "This section is being prepared". */
function comingSoon(titleKey: string): Pick<RouteObject, "lazy"> {
  return {
    lazy: async () => {
      const { ComingSoonPage } = await import("../features/coming-soon/coming-soon-page");
      return { element: <ComingSoonPage titleKey={titleKey} /> };
    },
  };
}

/** Every route of docs/product.md "Pages and menus"; pages load on demand. */
export const appRoutes: RouteObject[] = [
  {
    id: "root",
    element: <Outlet />,
    hydrateFallbackElement: <PageLoader fullScreen />,
    errorElement: (
      <Suspense fallback={null}>
        <RouteErrorPage />
      </Suspense>
    ),
    children: [
      {
        // Layouts load on demand too: the first load holds only the router and the guards.
        lazy: async () => ({ Component: (await import("./layouts/auth-layout")).AuthLayout }),
        children: [
          {
            // Social sign-in lands here whatever the session: outside both guards.
            path: routePatterns.authCallback,
            lazy: async () => ({
              Component: (await import("../features/auth/pages/auth-callback-page"))
                .AuthCallbackPage,
            }),
          },
          {
            // The mailed e-mail links work whatever the session (docs/security.md).
            path: routePatterns.verifyEmail,
            lazy: async () => ({
              Component: (await import("../features/auth/pages/email-link-page")).VerifyEmailPage,
            }),
          },
          {
            // The registration link: signs in whatever the session (docs/product.md).
            path: routePatterns.completeRegistration,
            lazy: async () => ({
              Component: (await import("../features/auth/pages/complete-registration-page"))
                .CompleteRegistrationPage,
            }),
          },
          {
            path: routePatterns.confirmEmail,
            lazy: async () => ({
              Component: (await import("../features/auth/pages/email-link-page")).ConfirmEmailPage,
            }),
          },
          {
            element: <RequireAnonymous />,
            children: [
              {
                path: routePatterns.login,
                lazy: async () => ({
                  Component: (await import("../features/auth/pages/login-page")).LoginPage,
                }),
              },
              {
                path: routePatterns.registration,
                lazy: async () => ({
                  Component: (await import("../features/auth/pages/registration-page"))
                    .RegistrationPage,
                }),
              },
              {
                path: routePatterns.forgotPassword,
                lazy: async () => ({
                  Component: (await import("../features/auth/pages/forgot-password-page"))
                    .ForgotPasswordPage,
                }),
              },
              {
                path: routePatterns.resetPassword,
                lazy: async () => ({
                  Component: (await import("../features/auth/pages/reset-password-page"))
                    .ResetPasswordPage,
                }),
              },
            ],
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => ({ Component: (await import("./layouts/main-layout")).MainLayout }),
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import("../features/dashboard/pages/dashboard-page"))
                    .DashboardPage,
                }),
              },
              {
                path: routePatterns.referralSystem,
                lazy: async () => ({
                  Component: (await import("../features/tariffs/pages/referral-page")).ReferralPage,
                }),
              },
              {
                path: routePatterns.quizAnalytics,
                lazy: async () => {
                  const { AnalyticsPage } = await import(
                    "../features/analytics/pages/analytics-page"
                  );
                  return { element: <AnalyticsPage kind="quiz" /> };
                },
              },
              {
                path: routePatterns.projectAnalytics,
                lazy: async () => {
                  const { AnalyticsPage } = await import(
                    "../features/analytics/pages/analytics-page"
                  );
                  return { element: <AnalyticsPage kind="project" /> };
                },
              },
              {
                path: routePatterns.leads,
                lazy: async () => ({
                  Component: (await import("../features/leads/pages/leads-page")).LeadsPage,
                }),
              },
              { path: routePatterns.certificate, ...comingSoon("layout:nav.certificate") },
              {
                path: routePatterns.settings,
                // The settings page shows the tariffs feature's summary in its tariff section.
                lazy: async () => {
                  const [{ SettingsPage }, { TariffSummary }] = await Promise.all([
                    import("../features/settings/pages/settings-page"),
                    import("../features/tariffs/components/tariff-summary"),
                  ]);
                  return { element: <SettingsPage tariff={<TariffSummary />} /> };
                },
              },
              {
                path: routePatterns.support,
                lazy: async () => ({
                  Component: (await import("../features/support/pages/support-page")).SupportPage,
                }),
              },
              {
                path: routePatterns.review,
                lazy: async () => ({
                  Component: (await import("../features/support/pages/reviews-page")).ReviewsPage,
                }),
              },
              {
                path: routePatterns.logout,
                lazy: async () => ({
                  Component: (await import("../features/auth/pages/logout-page")).LogoutPage,
                }),
              },
              {
                path: routePatterns.courses,
                children: [
                  { index: true, element: <Navigate to="course" replace /> },
                  {
                    path: "course",
                    lazy: async () => ({
                      Component: (await import("../features/courses/pages/course-page")).CoursePage,
                    }),
                  },
                  {
                    path: "profile",
                    children: [
                      {
                        index: true,
                        lazy: async () => ({
                          Component: (await import("../features/profiles/pages/profile-page"))
                            .ProfilePage,
                        }),
                      },
                      {
                        path: "portfolio",
                        lazy: async () => ({
                          Component: (await import("../features/profiles/pages/portfolio-page"))
                            .PortfolioPage,
                        }),
                      },
                      {
                        path: "rating",
                        lazy: async () => ({
                          Component: (await import("../features/profiles/pages/rating-page"))
                            .RatingPage,
                        }),
                      },
                    ],
                  },
                ],
              },
              {
                path: routePatterns.balance,
                children: [
                  // The index of balance is the payment page.
                  { index: true, element: <Navigate to="pay" replace /> },
                  {
                    path: "pay",
                    lazy: async () => ({
                      Component: (await import("../features/tariffs/pages/pay-page")).PayPage,
                    }),
                  },
                  {
                    path: "pay/manual",
                    lazy: async () => ({
                      Component: (await import("../features/tariffs/pages/manual-payment-page"))
                        .ManualPaymentPage,
                    }),
                  },
                  {
                    path: "my-rate",
                    lazy: async () => ({
                      Component: (await import("../features/tariffs/pages/my-rate-page"))
                        .MyRatePage,
                    }),
                  },
                ],
              },
              {
                path: routePatterns.templates,
                lazy: async () => ({
                  Component: (await import("../features/templates/pages/templates-page"))
                    .TemplatesPage,
                }),
              },
              {
                path: routePatterns.copyTemplate,
                lazy: async () => ({
                  Component: (await import("../features/templates/pages/copy-template-page"))
                    .CopyTemplatePage,
                }),
              },
            ],
          },
          {
            path: routePatterns.quiz,
            lazy: async () => ({
              Component: (await import("./layouts/quiz-editor-layout")).QuizEditorLayout,
            }),
            children: [
              { index: true, element: <Navigate to="questions" replace /> },
              {
                path: "questions",
                lazy: async () => ({
                  Component: (await import("../features/quiz-editor/questions/questions-page"))
                    .QuestionsPage,
                }),
              },
              {
                path: "results",
                lazy: async () => ({
                  Component: (await import("../features/quiz-editor/results/results-page"))
                    .ResultsPage,
                }),
              },
              {
                path: "design-settings",
                lazy: async () => ({
                  Component: (await import("../features/quiz-editor/design/design-page"))
                    .DesignPage,
                }),
              },
              {
                path: "settings",
                lazy: async () => ({
                  Component: (await import("../features/quiz-editor/settings/quiz-settings-page"))
                    .QuizSettingsPage,
                }),
              },
              {
                path: "form-contacts",
                lazy: async () => ({
                  Component: (
                    await import("../features/quiz-editor/contact-form/contact-form-page")
                  ).ContactFormPage,
                }),
              },
              {
                path: "addition",
                lazy: async () => ({
                  Component: (await import("../features/quiz-editor/additions/additions-page"))
                    .AdditionsPage,
                }),
              },
              {
                path: "integration",
                lazy: async () => ({
                  Component: (await import("../features/integrations/pages/integration-page"))
                    .IntegrationPage,
                }),
              },
              {
                path: "config-action",
                lazy: async () => ({
                  Component: (await import("../features/quiz-editor/config-action-page"))
                    .ConfigActionPage,
                }),
              },
            ],
          },
        ],
      },
      {
        path: "*",
        lazy: async () => ({
          Component: (await import("../features/errors/not-found-page")).NotFoundPage,
        }),
      },
    ],
  },
];
