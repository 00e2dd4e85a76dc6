import { Alert, Button, Stack } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { isApiError } from "@/shared/api/api-error";
import { errorMessage } from "@/shared/api/error-message";
import { useApiClient, useSession } from "@/shared/api/services-context";
import { userQueryKey } from "@/shared/api/user-queries";
import { paths } from "@/shared/routing/paths";
import { PageLoader } from "@/shared/ui/page-loader";
import { followEmailLink } from "../api/auth-api";
import { AuthTitle } from "../components/auth-title";

type LinkState =
  | { kind: "pending" }
  | { kind: "done"; detail: string }
  | { kind: "failed"; detail: string };

/** A mailed e-mail link (verification or change of address): follows it once, says how it went. */
function EmailLinkPage({ kind }: { kind: "verify" | "change" }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const session = useSession();
  const queryClient = useQueryClient();
  const { token = "" } = useParams();
  const [state, setState] = useState<LinkState>({ kind: "pending" });
  const started = useRef(false);

  useEffect(() => {
    // Once: the link works once (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    followEmailLink(api, kind, token).then(
      (detail) => {
        setState({ kind: "done", detail });
        void queryClient.invalidateQueries({ queryKey: userQueryKey });
      },
      (error: unknown) => {
        const detail =
          isApiError(error) && error.status === 404
            ? t("auth:emailLink.invalid")
            : errorMessage(error, t);
        setState({ kind: "failed", detail });
      },
    );
  }, [api, kind, token, t, queryClient]);

  if (state.kind === "pending") return <PageLoader />;
  const title =
    kind === "verify" ? t("auth:emailLink.verifyTitle") : t("auth:emailLink.changeTitle");
  return (
    <>
      <AuthTitle title={title} />
      <Stack gap="md">
        <Alert
          color={state.kind === "done" ? "green" : "red"}
          variant="light"
          role={state.kind === "done" ? "status" : "alert"}
          data-testid="email-link-result"
        >
          {state.detail}
        </Alert>
        <Button component={Link} to={session ? paths.home() : paths.login()} fullWidth>
          {session ? t("auth:emailLink.toApp") : t("auth:callback.backToLogin")}
        </Button>
      </Stack>
    </>
  );
}

/** /verify-email/:token: the link mailed at registration (and by "send again"). */
export function VerifyEmailPage() {
  return <EmailLinkPage kind="verify" />;
}

/** /confirm-email/:token: the link mailed to a new address; the change takes effect here. */
export function ConfirmEmailPage() {
  return <EmailLinkPage kind="change" />;
}
