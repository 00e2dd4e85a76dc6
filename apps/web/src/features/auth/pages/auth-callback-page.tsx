import type { AuthExchangeResponse } from "@leadquiz/contract";
import { Alert, Button, PasswordInput, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { isApiError } from "@/shared/api/api-error";
import { errorMessage } from "@/shared/api/error-message";
import { useApiClient, useSessionStore } from "@/shared/api/services-context";
import { useFieldProps } from "@/shared/forms/use-field-props";
import { paths, safeRedirect } from "@/shared/routing/paths";
import { PageLoader } from "@/shared/ui/page-loader";
import { exchangeSocialCode } from "../api/auth-api";
import { AuthTitle } from "../components/auth-title";

type CallbackResult = { kind: "code"; code: string } | { kind: "error"; error: string };

/** Reads `#code=…` (a one-time code) or `#error=…` left by the server (docs/security.md). */
export function parseCallbackHash(hash: string): CallbackResult {
  const params = new URLSearchParams(hash.startsWith("#") ? hash.slice(1) : hash);
  const code = params.get("code");
  if (code) return { kind: "code", code };
  return { kind: "error", error: params.get("error") ?? "" };
}

/**
 * /auth/callback: where social sign-in lands. Exchanges the one-time code (POST
 * auth/exchange/, only this browser can) for the session and moves on; when the address
 * belongs to an account never confirmed, asks that account's password first.
 */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const session = useSessionStore();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const result = useMemo(() => parseCallbackHash(hash), [hash]);
  const started = useRef(false);
  const form = useForm({ mode: "controlled", initialValues: { password: "" } });
  const fieldProps = useFieldProps(form);

  const exchange = useMutation({
    mutationFn: (password: string | undefined) =>
      exchangeSocialCode(api, {
        code: result.kind === "code" ? result.code : "",
        ...(password === undefined ? {} : { password }),
      }),
    onSuccess: (answer: AuthExchangeResponse) => {
      if (answer.status !== "signed_in") return;
      session.signIn({ access: answer.access });
      // replace: the code in the address never stays in the history.
      void navigate(safeRedirect(answer.redirect_url), { replace: true });
    },
    onError: (error) => {
      const passwordErrors = isApiError(error) ? error.fieldErrors?.password : undefined;
      if (passwordErrors && passwordErrors.length > 0) {
        form.setFieldError("password", passwordErrors.join(" "));
      }
    },
  });

  useEffect(() => {
    if (result.kind !== "code" || started.current) return;
    // Once: the code works once (StrictMode runs effects twice in development).
    started.current = true;
    exchange.mutate(undefined);
  }, [result, exchange]);

  const answer = exchange.data;
  const passwordRejected =
    isApiError(exchange.error) && exchange.error.fieldErrors?.password !== undefined;
  if (answer?.status === "password_required" || passwordRejected) {
    return (
      <>
        <AuthTitle title={t("auth:callback.linkTitle")} />
        <form
          noValidate
          onSubmit={form.onSubmit((values) => exchange.mutate(values.password))}
          data-testid="auth-link-form"
        >
          <Stack gap="md">
            <Text size="sm">{t("errors:link_password_required")}</Text>
            {answer?.status === "password_required" && (
              <Text size="sm" fw={600}>
                {answer.email}
              </Text>
            )}
            <PasswordInput
              label={t("auth:fields.password")}
              autoComplete="current-password"
              {...fieldProps("password")}
            />
            <Button type="submit" loading={exchange.isPending} fullWidth>
              {t("auth:callback.link")}
            </Button>
            <Text size="sm">{t("auth:callback.linkForgot")}</Text>
            <Button component={Link} to={paths.forgotPassword()} variant="subtle" fullWidth>
              {t("auth:login.forgotPassword")}
            </Button>
          </Stack>
        </form>
      </>
    );
  }

  if (result.kind === "code" && !exchange.isError) return <PageLoader />;

  let detail: string;
  if (result.kind === "error") {
    const known = /^[a-z_]+$/.test(result.error);
    detail = known ? t(`errors:${result.error}`, { defaultValue: "" }) : result.error;
  } else {
    detail = errorMessage(exchange.error, t);
  }
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
