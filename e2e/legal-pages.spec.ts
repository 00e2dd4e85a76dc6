import { expect, test } from "@playwright/test";

for (const [language, title, terms] of [
  ["en", "Privacy policy", "Terms of service"],
  ["ru", "Политика конфиденциальности", "Условия использования"],
] as const) {
  test(`the registration page's privacy link opens the policy (${language})`, async ({ page }) => {
    await page.goto(`/registration?lang=${language}`);
    const [policy] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByTestId("privacy-policy-link").click(),
    ]);
    await expect(policy).toHaveURL(new RegExp(`/${language}/u/privacy_policy_page/$`));
    await expect(policy.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(policy).toHaveTitle(title);
    await policy.screenshot({ path: `test-results/legal-privacy-${language}.png`, fullPage: true });

    // The policy links the terms.
    await policy.getByRole("link", { name: terms }).click();
    await expect(policy.getByRole("heading", { level: 1, name: terms })).toBeVisible();
    await policy.setViewportSize({ width: 390, height: 844 });
    await policy.screenshot({ path: `test-results/legal-terms-${language}-phone.png` });
  });
}
