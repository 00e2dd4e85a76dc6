import { expect, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";

/**
 * The owner app's public pages pass axe-core's WCAG 2.2 A/AA rules with the default theme
 * (secondary text and links included), in English and Russian. The signed-in dashboard
 * and editor are checked in dashboard.spec.ts.
 */
for (const language of ["en", "ru"] as const) {
  test(`login and registration have no WCAG A/AA violations (${language})`, async ({ page }) => {
    await page.goto(`/login?lang=${language}`);
    await expect(page.getByTestId("login-submit")).toBeVisible();
    await expectNoViolations(page, `login (${language})`);

    await page.goto(`/registration?lang=${language}`);
    await expect(page.getByRole("checkbox")).toBeVisible();
    await expectNoViolations(page, `registration (${language})`);

    // With the error messages showing.
    await page.getByRole("button", { name: language === "en" ? "Sign up" : /Зарегистр/ }).click();
    await expectNoViolations(page, `registration with errors (${language})`);
  });
}
