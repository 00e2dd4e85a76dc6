import { Alert, Button, Stack } from "@mantine/core";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { paths, REDIRECT_PARAM, safeRedirect } from "../../../app/paths";
import { useSessionStore } from "../../../shared/api/services-context";
import { PageLoader } from "../../../shared/ui/page-loader";
import { AuthTitle } from "../components/auth-title";

type CallbackResult =
  | { kind: "tokens"; access: string; refresh: string; redirectUrl: string }
  | { kind: "error"; error: string };

/** Reads `#access=…&refresh=…&redirectUrl=…` or `#error=…` left by the server. */
export function parseCallbackHash(hash: string): CallbackResult {
  const params = new URLSearchParams(hash.startsWith("#") ? hash.slice(1) : hash);
  const access = params.get("access");
  const refresh = params.get("refresh");
  if (access && refresh) {
    return {
      kind: "tokens",
      access,
      refresh,
      redirectUrl: safeRedirect(params.get(REDIRECT_PARAM)),
    };
  }
  return { kind: "error", error: params.get("error") ?? "" };
}

/** /auth/callback: where social sign-in lands; stores the tokens and moves on. */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  const session = useSessionStore();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const result = useMemo(() => parseCallbackHash(hash), [hash]);

  useEffect(() => {
    if (result.kind !== "tokens") return;
    session.set({ access: result.access, refresh: result.refresh });
    // replace: the tokens in the address never stay in the history.
    void navigate(result.redirectUrl, { replace: true });
  }, [result, session, navigate]);

  if (result.kind === "tokens") return <PageLoader />;

  const known = /^[a-z_]+$/.test(result.error);
  const detail = known ? t(`errors:${result.error}`, { defaultValue: "" }) : result.error;
  return (
    <>
      <AuthTitle title={t("auth:callback.title")} />
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert" data-testid="auth-callback-error">
          {detail || t("auth:callback.failed")}
        </Alert>
        <Button component={Link} to={paths.login()} fullWidth>
          {t("auth:callback.backToLogin")}
        </Button>
      </Stack>
    </>
  );
}
