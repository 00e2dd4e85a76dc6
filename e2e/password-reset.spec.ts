import { expect, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { waitForMail } from "./support/smtp-inbox";
import { logInThroughUi, registerThroughUi, uniqueEmail } from "./support/users";

test("forgot password: the e-mail arrives, the link sets a new password, the new one logs in", async ({
  page,
}) => {
  const email = uniqueEmail("forgetful");
  await registerThroughUi(page, email);
  await page.getByTestId("nav-logout").click();
  await expect(page).toHaveURL(/\/login/);

  await page.getByRole("link", { name: "Forgot password?" }).click();
  // The reset page loads on demand: fill its field, not the login page's still on screen.
  await expect(page.getByRole("heading", { name: "Reset password" })).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send link" }).click();
  await expect(
    page.getByText("we have sent a link to reset the password", { exact: false }),
  ).toBeVisible();

  const inbox = process.env.E2E_INBOX_DIR;
  if (!inbox) throw new Error("E2E_INBOX_DIR is not set by the global setup");
  const mail = await waitForMail(inbox, email, "/reset-password/");
  const link = mail.match(/https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, "the e-mail holds a reset link").toBeTruthy();

  const newPassword = "Brand-new-secret-7";
  await page.goto(String(link));
  await page.getByLabel("New password").fill(newPassword);
  await page.getByLabel("Confirm password").fill(newPassword);
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(page).toHaveURL(/\/login/);
  // The sign-in page says what happened.
  await expect(
    page.getByRole("status").filter({ hasText: "Your password has been changed" }),
  ).toHaveText("Your password has been changed. Sign in with the new password.");
  await expectNoViolations(page, "sign-in page after a password reset");

  await logInThroughUi(page, email, newPassword);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("user-menu")).toContainText(email);

  // The link works once.
  await page.getByTestId("nav-logout").click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto(String(link));
  await page.getByLabel("New password").fill("Another-secret-8");
  await page.getByLabel("Confirm password").fill("Another-secret-8");
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(page.getByText("Token is not valid")).toBeVisible();
});

test("forgot password shows its confirmation for an unknown address too", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByLabel("E-mail").fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: "Send link" }).click();
  await expect(
    page.getByText("we have sent a link to reset the password", { exact: false }),
  ).toBeVisible();
});
