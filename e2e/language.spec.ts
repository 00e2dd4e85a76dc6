import { expect, test } from "@playwright/test";
import { chooseLanguage, registerThroughUi, uniqueEmail } from "./support/users";

test("the login page switches to Russian and Ukrainian", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();

  await chooseLanguage(page, "Русский");
  await expect(page.getByRole("button", { name: "Войти", exact: true })).toBeVisible();
  await expect(page.getByLabel("Пароль", { exact: true })).toBeVisible();

  await chooseLanguage(page, "Українська");
  await expect(page.getByRole("button", { name: "Увійти", exact: true })).toBeVisible();

  // The choice is remembered across a reload.
  await page.reload();
  await expect(page.getByRole("button", { name: "Увійти", exact: true })).toBeVisible();
  await chooseLanguage(page, "English");
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
});

test("?lang= chooses the language of a page before anything is stored", async ({ page }) => {
  await page.goto("/login?lang=uk");
  await expect(page.getByRole("button", { name: "Увійти", exact: true })).toBeVisible();
});

test("the language chosen in settings is saved to the profile and follows the user", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("polyglot");
  await registerThroughUi(page, email);
  await page.getByTestId("nav-settings").click();
  await chooseLanguage(page, "Русский");
  await expect(page.getByTestId("nav-settings")).toHaveText("Настройки");
  await expect(page.getByTestId("nav-leads")).toHaveText("Заявки");

  // A fresh browser with no stored language: the profile's language wins after login.
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto("/login");
  await other.getByLabel("E-mail").fill(email);
  await other.getByLabel("Password", { exact: true }).fill("Quiz-maker-2026");
  await other.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(other.getByTestId("nav-settings")).toHaveText("Настройки");
  await context.close();
});
