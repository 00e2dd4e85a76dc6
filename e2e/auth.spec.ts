import { expect, test } from "@playwright/test";
import { logInThroughUi, PASSWORD, registerThroughUi, uniqueEmail } from "./support/users";

test("a newcomer registers, lands on the dashboard logged in, logs out and back in", async ({
  page,
}) => {
  const email = uniqueEmail("newcomer");
  await registerThroughUi(page, email);

  await page.getByTestId("nav-logout").click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();

  // The session is gone: a protected page sends the visitor back to the login page.
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login\?redirectUrl=%2Fsettings/);

  await logInThroughUi(page, email);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByTestId("user-menu")).toContainText(email);
});

test("a wrong password shows the message under the password field", async ({ page }) => {
  const email = uniqueEmail("wrong-password");
  await registerThroughUi(page, email);
  await page.getByTestId("nav-logout").click();
  await expect(page).toHaveURL(/\/login/);

  await logInThroughUi(page, email, `${PASSWORD}-not`);
  await expect(page.getByText("Invalid password or login")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("registration errors show under their fields only after they were touched", async ({
  page,
}) => {
  await page.goto("/registration");
  const email = page.getByLabel("E-mail");
  await expect(page.getByText("Invalid email")).toHaveCount(0);
  await email.fill("not-an-address");
  await email.blur();
  await expect(page.getByText("Invalid email")).toBeVisible();

  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Repeat password").fill(`${PASSWORD}x`);
  await page.getByLabel("Repeat password").blur();
  await expect(page.getByText("Passwords must match")).toBeVisible();
});

test("an anonymous visitor of a protected page logs in and comes back to it", async ({ page }) => {
  const email = uniqueEmail("redirect");
  await registerThroughUi(page, email);
  await page.getByTestId("nav-logout").click();
  await expect(page).toHaveURL(/\/login/);

  await page.goto("/balance/my-rate?tab=current");
  await expect(page).toHaveURL(/\/login\?tab=current&redirectUrl=%2Fbalance%2Fmy-rate/);
  await logInThroughUi(page, email);
  await expect(page).toHaveURL(/\/balance\/my-rate/);
  await expect(page.getByRole("heading", { name: "My tariff", level: 2 })).toBeVisible();
});
