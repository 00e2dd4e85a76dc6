import { expect, type Page, test } from "@playwright/test";
import { withServerDatabase } from "./support/e2e-database";
import { inboxDir as inbox, linkIn, waitForMail } from "./support/smtp-inbox";
import { chooseLanguage, logInThroughUi, registerThroughUi, uniqueEmail } from "./support/users";

/**
 * An account whose address was never proven: one made before registration went through a
 * mailed link (which proves it). The server's database is changed to make one; the page is
 * then reloaded to show it.
 */
async function unproven(page: Page, email: string) {
  await withServerDatabase((client) =>
    client.query("update users set email_verified_at = null where email = $1", [email]),
  );
  await page.reload();
}

test("a new account's address is proven by its registration link: no banner", async ({ page }) => {
  await registerThroughUi(page, uniqueEmail("proven"));
  await page.goto("/settings");
  await expect(page.getByTestId("settings-email")).toContainText("Confirmed");
  await expect(page.getByTestId("verify-email-banner")).toHaveCount(0);
});

test("an unproven account works with a banner; the mailed link confirms the address", async ({
  page,
}) => {
  const email = uniqueEmail("verify");
  await registerThroughUi(page, email);
  await unproven(page, email);
  const banner = page.getByTestId("verify-email-banner");
  await expect(banner).toContainText("Verify your address");
  await expect(banner).toContainText(email);
  await page.screenshot({ path: test.info().outputPath("banner-en.png") });

  await banner.getByRole("button", { name: "Send the link again" }).click();
  await expect(banner.getByRole("status")).toHaveText(
    "We have sent a new confirmation link to your address.",
  );
  const first = linkIn(await waitForMail(inbox(), email, "/verify-email/"), "verify-email");
  // Asked again (after a reload): a new link.
  await page.reload();
  await banner.getByRole("button", { name: "Send the link again" }).click();
  await expect(banner.getByRole("status")).toBeVisible();

  // The new link (it replaces the first one).
  let link = first;
  await expect
    .poll(async () => {
      link = linkIn(await waitForMail(inbox(), email, "/verify-email/"), "verify-email");
      return link;
    })
    .not.toBe(first);
  await page.goto(link);
  await expect(page.getByTestId("email-link-result")).toHaveText(
    "Your e-mail address is confirmed.",
  );
  await page.screenshot({ path: test.info().outputPath("confirmed-en.png") });
  await page.getByRole("link", { name: "Go to my quizzes" }).click();
  await expect(page.getByTestId("user-menu")).toContainText(email);
  await expect(page.getByTestId("verify-email-banner")).toHaveCount(0);

  // The link worked once.
  await page.goto(link);
  await expect(page.getByTestId("email-link-result")).toContainText("This link is not valid");
});

test("the banner and the e-mail change form in Russian, on a phone too", async ({ page }) => {
  const email = uniqueEmail("verify.ru");
  await registerThroughUi(page, email);
  await unproven(page, email);
  await chooseLanguage(page, "Русский");
  await expect(page.getByTestId("verify-email-banner")).toContainText("Подтвердите адрес");
  await page.screenshot({ path: test.info().outputPath("banner-ru.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("banner-ru-phone.png") });

  await page.goto("/settings");
  const section = page.getByTestId("settings-email");
  await expect(section).toContainText("Не подтверждён");
  await section.getByLabel("Новый адрес почты").fill(uniqueEmail("moved"));
  await section.getByLabel("Текущий пароль").fill("wrong-password-1");
  await section.getByRole("button", { name: "Сменить адрес" }).click();
  await expect(section).toContainText("Текущий пароль указан неверно");
  await page.screenshot({
    path: test.info().outputPath("settings-email-ru-phone.png"),
    fullPage: true,
  });
});

test("changing the e-mail: password, link to the new address, notice to the old one", async ({
  page,
}) => {
  const email = uniqueEmail("mover");
  const next = uniqueEmail("moved");
  await registerThroughUi(page, email);
  await page.goto("/settings");
  const section = page.getByTestId("settings-email");
  await section.getByLabel("New e-mail address").fill(next);
  await section.getByLabel("Current password").fill("Quiz-maker-2026");
  await section.getByRole("button", { name: "Change e-mail" }).click();
  await expect(section.getByTestId("email-change-sent")).toContainText(
    "The change takes effect when you follow the link.",
  );
  await page.screenshot({ path: test.info().outputPath("settings-email-en.png"), fullPage: true });
  // Nothing changed yet; the old address is told.
  await expect(section.getByTestId("settings-current-email")).toHaveText(email);
  expect(await waitForMail(inbox(), email, "about to change")).toContain(next);

  await page.goto(linkIn(await waitForMail(inbox(), next, "/confirm-email/"), "confirm-email"));
  await expect(page.getByTestId("email-link-result")).toHaveText(
    "Your e-mail address has been changed. For your safety, every session of the account has ended: sign in with the new address.",
  );
  // Every session ended with the change (docs/security.md): this browser signs in again.
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login/);
  await logInThroughUi(page, next);
  await expect(page.getByTestId("user-menu")).toContainText(next);
  await page.goto("/settings");
  await expect(page.getByTestId("settings-current-email")).toHaveText(next);
  await expect(page.getByTestId("settings-email")).toContainText("Confirmed");
});
