import { expect, test } from "@playwright/test";
import { OIDC_TEST_ACCOUNT } from "./global-setup";

test("social sign-in through the local OpenID provider creates the account and logs in", async ({
  page,
}) => {
  await page.goto("/login?redirectUrl=%2Fsettings");
  await page.getByRole("link", { name: "Continue with Local ID" }).click();

  // The provider's own login page (another origin).
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/interaction\//);
  await page.getByLabel("E-mail").fill(OIDC_TEST_ACCOUNT.email);
  await page.getByRole("button", { name: "Sign in" }).click();

  // Back in the product, logged in as the provider's user, at the page asked for.
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByTestId("user-menu")).toContainText(OIDC_TEST_ACCOUNT.email);
  await expect(page.getByLabel("First name")).toHaveValue(OIDC_TEST_ACCOUNT.given_name);

  // Signing in again reuses the same account; the provider remembers its own session, so
  // it sends the browser straight back without asking again.
  await page.getByTestId("nav-logout").click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole("link", { name: "Continue with Local ID" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("user-menu")).toContainText(OIDC_TEST_ACCOUNT.email);
});

test("the registration page offers the configured social sign-in too", async ({ page }) => {
  await page.goto("/registration");
  await expect(page.getByRole("link", { name: "Continue with Local ID" })).toBeVisible();
});
