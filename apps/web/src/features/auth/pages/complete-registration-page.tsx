import { Alert, Button, Stack } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { isApiError } from "@/shared/api/api-error";
import { errorMessage } from "@/shared/api/error-message";
import { useApiClient, useSessionStore } from "@/shared/api/services-context";
import { paths } from "@/shared/routing/paths";
import { PageLoader } from "@/shared/ui/page-loader";
import { completeRegistration } from "../api/auth-api";
import { AuthTitle } from "../components/auth-title";

/**
 * /complete-registration/:token: the link mailed at registration. Follows it once: the server
 * makes the account and starts its session, and the owner lands on the dashboard. A link that
 * is unknown, expired or used says so (the server's message) and offers to register again.
 */
export function CompleteRegistrationPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const session = useSessionStore();
  const navigate = useNavigate();
  const { token = "" } = useParams();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once: the link works once (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    completeRegistration(api, token).then(
      (answer) => {
        session.signIn(answer);
        // replace: the link's token never stays in the history.
        void navigate(paths.home(), { replace: true });
      },
      (error: unknown) =>
        // 404: the server says whether the link is unknown, expired or used.
        setFailure(
          isApiError(error) && error.status === 404 && error.detail
            ? error.detail
            : errorMessage(error, t),
        ),
    );
  }, [api, session, navigate, token, t]);

  if (failure === null) return <PageLoader />;
  return (
    <>
      <AuthTitle title={t("auth:completeRegistration.failedTitle")} />
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert" data-testid="complete-registration-failed">
          {failure}
        </Alert>
        <Button component={Link} to={paths.registration()} fullWidth>
          {t("auth:registration.registerAgain")}
        </Button>
        <Button component={Link} to={paths.login()} variant="light" fullWidth>
          {t("auth:completeRegistration.toLogin")}
        </Button>
      </Stack>
    </>
  );
}
