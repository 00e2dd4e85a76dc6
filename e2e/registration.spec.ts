import { expect, type Page, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { fitsTheWindow } from "./support/editor-ui";
import { inboxDir, registrationLink, waitForMail } from "./support/smtp-inbox";
import {
  ownClientAddress,
  PASSWORD,
  registerThroughUi,
  sendRegistration,
  uniqueEmail,
} from "./support/users";

/**
 * Registration through a mailed link (docs/product.md "Registration"): the form says to check
 * the e-mail, the same whether or not the address has an account; the link makes the account,
 * signs in and lands on the dashboard.
 */

const SENT = {
  en: { title: "Check your e-mail", again: "Register again" },
  ru: { title: "Проверьте почту", again: "Зарегистрироваться снова" },
  uk: { title: "Перевірте пошту", again: "Зареєструватися знову" },
} as const;

/** Sends the form in whatever language the page shows. */
async function sendForm(page: Page, email: string) {
  await page.locator('input[type="email"]').fill(email);
  const passwords = page.locator('input[autocomplete="new-password"]');
  await passwords.nth(0).fill(PASSWORD);
  await passwords.nth(1).fill(PASSWORD);
  await page.getByRole("checkbox").check();
  await page.getByTestId("registration-submit").click();
}

for (const language of ["en", "ru", "uk"] as const) {
  test(`registration says to check the e-mail; the link signs in (${language})`, async ({
    page,
  }) => {
    await page.context().setExtraHTTPHeaders({ "x-forwarded-for": ownClientAddress() });
    const email = uniqueEmail(`register.${language}`);
    await page.goto(`/registration?lang=${language}`);
    await sendForm(page, email);
    const sent = page.getByTestId("registration-sent");
    await expect(sent).toContainText(email);
    await expect(page.getByRole("heading", { name: SENT[language].title })).toBeVisible();
    await expect(page.getByTestId("user-menu")).toHaveCount(0);
    await expectNoViolations(page, `registration sent (${language})`);
    await page.screenshot({ path: test.info().outputPath(`sent-${language}-desktop.png`) });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(sent).toBeVisible();
    expect(await fitsTheWindow(page)).toBe(true);
    await expectNoViolations(page, `registration sent, phone (${language})`);
    await page.screenshot({ path: test.info().outputPath(`sent-${language}-phone.png`) });

    // The link: the account, signed in, on the dashboard, in the registration's language.
    const link = await registrationLink(email);
    await page.goto(link);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("user-menu")).toContainText(email);
    await expect(page.locator("html")).toHaveAttribute("lang", language);

    // The link works once, and says so, with a way to register again.
    await page.goto(link);
    const failed = page.getByTestId("complete-registration-failed");
    await expect(failed).toBeVisible();
    await expect(page.getByRole("link", { name: SENT[language].again })).toBeVisible();
    await expectNoViolations(page, `registration link used (${language})`);
    await page.screenshot({ path: test.info().outputPath(`link-used-${language}-phone.png`) });
  });
}

test("an address with an account gets the same answer, and its owner an e-mail", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("taken");
  await registerThroughUi(page, email);

  const other = await browser.newPage();
  await sendRegistration(other, email);
  await expect(other.getByTestId("registration-sent")).toContainText(email);
  await expect(other.getByTestId("user-menu")).toHaveCount(0);
  const notice = await waitForMail(inboxDir(), email, "tried to create a Leadquiz account");
  expect(notice).toMatch(/https?:\/\/[^\s"<>]+\/login/);
  expect(notice).toMatch(/https?:\/\/[^\s"<>]+\/forgot-password/);
  expect(notice).not.toContain("/complete-registration/");
  await other.close();
});
