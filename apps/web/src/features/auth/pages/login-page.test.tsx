import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, renderApp, testJwt } from "../../../test/render-app";

const testUser = {
  id: 1,
  email: "user@example.com",
  username: "user@example.com",
  first_name: "",
  last_name: "",
  language_code: "en",
  date_joined: "2025-01-01T00:00:00Z",
  referral_code: "abc",
  email_verified: true,
};

const noProviders = (_request: Request, path: string) =>
  path === "/auth/providers/" ? jsonResponse(200, []) : undefined;

describe("login page", () => {
  it("shows a translated validation error only after the field was touched", async () => {
    const { services } = await renderApp({ url: "/login", handler: noProviders, language: "ru" });
    const t = services.i18n.t;
    const email = await screen.findByLabelText(/E-mail/);
    const invalidEmail = t("validation:invalid_email");

    await userEvent.type(email, "not-an-email");
    expect(screen.queryByText(invalidEmail)).toBeNull();
    expect(email.getAttribute("aria-invalid")).not.toBe("true");

    await userEvent.tab(); // leaving the field touches it
    expect(await screen.findByText(invalidEmail)).toBeTruthy();
    expect(email.getAttribute("aria-invalid")).toBe("true");
    // The untouched password field shows nothing yet.
    expect(screen.queryByText(t("validation:required"))).toBeNull();
    // Labels are in the chosen language.
    expect(screen.getByLabelText(/Пароль/)).toBeTruthy();
  });

  it("shows every error after a submit attempt without sending anything", async () => {
    const { services, requests } = await renderApp({ url: "/login", handler: noProviders });
    await userEvent.click(await screen.findByTestId("login-submit"));
    expect(await screen.findAllByText(services.i18n.t("validation:required"))).toHaveLength(2);
    expect(requests.filter((r) => r.path === "/token/")).toHaveLength(0);
  });

  it("shows the invalid-credentials message under the password field on 401", async () => {
    const { services } = await renderApp({
      url: "/login",
      handler: (request, path) =>
        path === "/token/"
          ? jsonResponse(401, { detail: "Invalid password or login", code: "invalid_credentials" })
          : noProviders(request, path),
    });
    await userEvent.type(await screen.findByLabelText(/E-mail/), "user@example.com");
    await userEvent.type(screen.getByLabelText(/Password/), "wrong-password");
    await userEvent.click(screen.getByTestId("login-submit"));

    const message = await screen.findByText(services.i18n.t("errors:invalid_credentials"));
    const password = screen.getByLabelText(/Password/);
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(password.getAttribute("aria-describedby") ?? "").toContain(message.id);
  });

  it("signs in, keeps the session and opens redirectUrl", async () => {
    const access = testJwt(900);
    const { router, services, requests } = await renderApp({
      url: "/login?redirectUrl=%2Fcertificate",
      handler: (request, path) => {
        if (path === "/token/") return jsonResponse(200, { access });
        if (path === "/userinfo/") return jsonResponse(200, [testUser]);
        return noProviders(request, path);
      },
    });
    await userEvent.type(await screen.findByLabelText(/E-mail/), "User@Example.com ");
    await userEvent.type(screen.getByLabelText(/Password/), "secret-password");
    await userEvent.click(screen.getByTestId("login-submit"));

    await waitFor(() => expect(router.state.location.pathname).toBe("/certificate"));
    expect(services.session.get()).toEqual({ access });
    expect(requests.find((r) => r.path === "/token/")?.body).toEqual({
      email: "User@Example.com",
      password: "secret-password",
    });
    expect(await screen.findByTestId("coming-soon")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("user-menu").textContent).toBe(testUser.email));
  });

  it("offers social sign-in only when the server lists providers", async () => {
    await renderApp({
      url: "/login?redirectUrl=%2Fsettings",
      handler: (_request, path) =>
        path === "/auth/providers/"
          ? jsonResponse(200, [{ id: "google", name: "Google" }])
          : undefined,
    });
    const button = await screen.findByTestId("social-sign-in-google");
    expect(button.getAttribute("href")).toBe(
      "/api/v1/auth/google/start/?redirectUrl=%2Fsettings&language=en",
    );
    expect(button.textContent).toContain("Google");
  });
});
