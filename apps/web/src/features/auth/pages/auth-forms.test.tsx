import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, renderApp, testJwt, testOwner } from "../../../test/render-app";

const PASSWORD = "Quiz-maker-2026";

async function fillRegistration(email: string, t: (key: string) => string) {
  await userEvent.type(await screen.findByLabelText(t("auth:fields.email")), email);
  await userEvent.type(screen.getByLabelText(t("auth:fields.password")), PASSWORD);
  await userEvent.type(screen.getByLabelText(t("auth:fields.repeatPassword")), PASSWORD);
  await userEvent.click(screen.getByRole("checkbox"));
  await userEvent.click(screen.getByTestId("registration-submit"));
}

describe("registration page", () => {
  it("links the privacy policy and the terms pages of the interface language", async () => {
    await renderApp({ url: "/registration", language: "ru", handler: () => undefined });
    const link = await screen.findByTestId("privacy-policy-link");
    expect(link.getAttribute("href")).toBe(`${window.location.origin}/ru/u/privacy_policy_page/`);
    expect(link.textContent).toBe("политику конфиденциальности");
    const terms = screen.getByTestId("terms-link");
    expect(terms.getAttribute("href")).toBe(`${window.location.origin}/ru/u/terms_page/`);
    expect(terms.textContent).toBe("условия использования");
  });

  it("sends the e-mail as username with the interface language, not the form-only fields", async () => {
    const { requests, services } = await renderApp({
      url: "/registration",
      language: "uk",
      handler: (_request, path) =>
        path === "/register/"
          ? jsonResponse(400, { email: ["Користувач із таким e-mail уже існує"] })
          : undefined,
    });
    await fillRegistration("new@example.com", services.i18n.t);

    expect(await screen.findByText("Користувач із таким e-mail уже існує")).toBeTruthy();
    expect(requests.find((r) => r.path === "/register/")?.body).toEqual({
      username: "new@example.com",
      email: "new@example.com",
      password: PASSWORD,
      language: "uk",
    });
  });

  it("says to check the e-mail and signs nobody in: the mailed link does", async () => {
    const { services, router, requests } = await renderApp({
      url: "/registration",
      handler: (_request, path) =>
        path === "/register/" ? jsonResponse(202, { detail: "Check your e-mail" }) : undefined,
    });
    await fillRegistration("a@b.co", services.i18n.t);

    const sent = await screen.findByTestId("registration-sent");
    expect(sent.textContent).toContain("a@b.co");
    expect(sent.getAttribute("role")).toBe("status");
    expect(router.state.location.pathname).toBe("/registration");
    expect(services.session.get()).toBeNull();
    expect(requests.map((r) => r.path)).toEqual(["/auth/providers/", "/register/"]);
  });
});

describe("registration link page", () => {
  it("makes the account with the link's token, signs in and lands on the dashboard", async () => {
    const access = testJwt(900);
    const { services, router, requests } = await renderApp({
      url: "/complete-registration/link-token",
      handler: (_request, path) => {
        if (path === "/register/complete/") return jsonResponse(200, { access });
        if (path === "/userinfo/") return jsonResponse(200, [testOwner]);
        return undefined;
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(services.session.get()).toEqual({ access });
    expect(requests.filter((r) => r.path === "/register/complete/")).toEqual([
      { method: "POST", path: "/register/complete/", body: { token: "link-token" } },
    ]);
  });

  it("says why a link does not work and offers to register again", async () => {
    const { router } = await renderApp({
      url: "/complete-registration/old",
      language: "ru",
      handler: (_request, path) =>
        path === "/register/complete/"
          ? jsonResponse(404, { detail: "Срок действия ссылки истёк.", code: "not_found" })
          : undefined,
    });
    const failed = await screen.findByTestId("complete-registration-failed");
    expect(failed.textContent).toBe("Срок действия ссылки истёк.");
    await userEvent.click(screen.getByRole("link", { name: "Зарегистрироваться снова" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/registration"));
  });
});

describe("reset password page", () => {
  it("shows Token is not valid under the new password when the server answers 404", async () => {
    const { services, requests } = await renderApp({
      url: "/reset-password/tok123",
      handler: (_request, path) =>
        path === "/password_reset/confirm/"
          ? jsonResponse(404, { detail: "Token is not valid", code: "token_not_valid" })
          : undefined,
    });
    await userEvent.type(await screen.findByLabelText("New password"), "abc12345x");
    await userEvent.type(screen.getByLabelText("Confirm password"), "abc12345x");
    await userEvent.click(screen.getByTestId("reset-password-submit"));

    const message = await screen.findByText(services.i18n.t("errors:token_not_valid"));
    expect(screen.getByLabelText("New password").getAttribute("aria-describedby")).toContain(
      message.id,
    );
    expect(requests.find((r) => r.path === "/password_reset/confirm/")?.body).toEqual({
      token: "tok123",
      password: "abc12345x",
    });
  });

  it("requires a letter and a digit before sending, then goes to /login on success", async () => {
    const { services, router, requests } = await renderApp({
      url: "/reset-password/tok123",
      handler: (_request, path) =>
        path === "/password_reset/confirm/" ? jsonResponse(200, { detail: "ok" }) : undefined,
    });
    const password = await screen.findByLabelText("New password");
    await userEvent.type(password, "abcdefghij");
    await userEvent.tab();
    expect(
      await screen.findByText(services.i18n.t("validation:password_needs_letter_and_digit")),
    ).toBeTruthy();

    await userEvent.clear(password);
    await userEvent.type(password, "abcdefgh1");
    await userEvent.type(screen.getByLabelText("Confirm password"), "abcdefgh1");
    await userEvent.click(screen.getByTestId("reset-password-submit"));

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(requests.filter((r) => r.path === "/password_reset/confirm/")).toHaveLength(1);
  });
});

describe("auth callback", () => {
  const socialUser = {
    id: 7,
    email: "social@example.com",
    username: "social@example.com",
    first_name: "",
    last_name: "",
    language_code: "en",
    date_joined: "2026-01-01T00:00:00.000Z",
    referral_code: "abc",
    email_verified: true,
  };

  it("exchanges the one-time code by POST, stores the session and opens redirect_url", async () => {
    const access = testJwt(600);
    const { services, router, requests } = await renderApp({
      url: "/auth/callback#code=one-time",
      handler: (_request, path) => {
        if (path === "/auth/exchange/") {
          return jsonResponse(200, {
            status: "signed_in",
            access,
            redirect_url: "/settings",
          });
        }
        return path === "/userinfo/" ? jsonResponse(200, [socialUser]) : undefined;
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings"));
    expect(services.session.get()).toEqual({ access });
    expect(requests.filter((r) => r.path === "/auth/exchange/")).toHaveLength(1);
    // The code never stays in the address.
    expect(router.state.location.hash).toBe("");
  });

  it("ignores tokens put in the fragment (login CSRF)", async () => {
    const { services } = await renderApp({
      url: `/auth/callback#access=${testJwt(600)}&refresh=r1`,
      handler: () => undefined,
    });
    expect(await screen.findByTestId("auth-callback-error")).toBeTruthy();
    expect(services.session.get()).toBeNull();
  });

  it("asks the existing account's password before linking", async () => {
    const access = testJwt(600);
    const { services, router } = await renderApp({
      url: "/auth/callback#code=one-time",
      language: "ru",
      handler: async (request, path) => {
        if (path !== "/auth/exchange/") return jsonResponse(200, [socialUser]);
        const body = JSON.parse(await request.text()) as { password?: string };
        if (body.password === undefined) {
          return jsonResponse(200, { status: "password_required", email: "social@example.com" });
        }
        return jsonResponse(200, { status: "signed_in", access, redirect_url: "/" });
      },
    });
    const form = await screen.findByTestId("auth-link-form");
    expect(form.textContent).toContain(services.i18n.t("errors:link_password_required"));
    await userEvent.type(
      screen.getByLabelText(services.i18n.t("auth:fields.password")),
      "secret-1",
    );
    await userEvent.click(
      screen.getByRole("button", { name: services.i18n.t("auth:callback.link") }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(services.session.get()).toEqual({ access });
  });

  it("shows the translated error with a way back to login", async () => {
    const { services } = await renderApp({
      url: "/auth/callback#error=social_signin_failed",
      handler: () => undefined,
      language: "ru",
    });
    expect((await screen.findByTestId("auth-callback-error")).textContent).toBe(
      services.i18n.t("errors:social_signin_failed"),
    );
    expect(
      screen.getByRole("link", { name: services.i18n.t("auth:callback.backToLogin") }),
    ).toBeTruthy();
  });

  it("says why no account was made when the provider did not verify the address (uk)", async () => {
    await renderApp({
      url: "/auth/callback#error=provider_email_unverified",
      handler: () => undefined,
      language: "uk",
    });
    expect((await screen.findByTestId("auth-callback-error")).textContent).toBe(
      "Сервіс входу не підтвердив, що ця адреса пошти ваша, тому акаунт із нею не створено. Спершу зареєструйтеся з паролем, потім один раз скористайтеся цим входом, щоб пов'язати його з акаунтом.",
    );
  });
});

describe("reset password page", () => {
  it("leads to the sign-in page, which says the password was changed", async () => {
    for (const [language, notice] of [
      ["en", "Your password has been changed. Sign in with the new password."],
      ["ru", "Пароль изменён. Войдите с новым паролем."],
      ["uk", "Пароль змінено. Увійдіть із новим паролем."],
    ] as const) {
      const view = await renderApp({
        url: "/reset-password/abc",
        language,
        handler: (_request, path) =>
          path === "/password_reset/confirm/" ? jsonResponse(200, { detail: "ok" }) : undefined,
      });
      const t = view.services.i18n.t;
      await userEvent.type(await screen.findByLabelText(t("auth:fields.newPassword")), PASSWORD);
      await userEvent.type(screen.getByLabelText(t("auth:fields.confirmPassword")), PASSWORD);
      await userEvent.click(screen.getByRole("button", { name: t("auth:resetPassword.submit") }));
      await waitFor(() => expect(view.router.state.location.pathname).toBe("/login"));
      expect((await screen.findByTestId("password-changed")).textContent).toBe(notice);
      view.unmount();
    }
  });

  it("shows no such notice on an ordinary visit to the sign-in page", async () => {
    await renderApp({ url: "/login", handler: () => undefined });
    expect(await screen.findByRole("button", { name: "Sign in" })).toBeTruthy();
    expect(screen.queryByTestId("password-changed")).toBeNull();
  });
});
