import { expect, type Page, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import {
  chooseLanguage,
  logInThroughUi,
  ownClientAddress,
  PASSWORD,
  registerThroughUi,
  uniqueEmail,
} from "./support/users";

/**
 * Credentials that die when they should (docs/security.md): "Sign out everywhere" on the
 * settings page ends the sessions of every browser at once, and making an API key asks the
 * current password once the sign-in is more than 5 minutes old.
 */

test("signing out everywhere signs out every browser at once", async ({ page, browser }) => {
  const email = uniqueEmail("everywhere");
  await registerThroughUi(page, email);
  // The same owner in another browser (another device).
  const other = await browser.newContext();
  try {
    const phone = await other.newPage();
    await phone.setExtraHTTPHeaders({ "x-forwarded-for": ownClientAddress() });
    await phone.goto("/login");
    await logInThroughUi(phone, email);
    await expect(phone.getByTestId("user-menu")).toContainText(email);

    await page.goto("/settings");
    const section = page.getByTestId("settings-sessions");
    await section.getByRole("button", { name: "Sign out everywhere" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign out everywhere?" });
    await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText("You are signed out on every device.")).toBeVisible();

    // The other browser's session is over at its next call, not in 15 minutes.
    await phone.goto("/settings");
    await expect(phone).toHaveURL(/\/login/);
    await expect(phone.getByTestId("login-submit")).toBeVisible();
  } finally {
    await other.close();
  }
});

const TEXTS = {
  en: {
    language: "English",
    sessions: "Sign out everywhere",
    password: "Current password",
    create: "Create a key",
    wrong: "The password is wrong",
  },
  ru: {
    language: "Русский",
    sessions: "Выйти везде",
    password: "Текущий пароль",
    create: "Создать ключ",
    wrong: "Неверный пароль",
  },
  uk: {
    language: "Українська",
    sessions: "Вийти всюди",
    password: "Поточний пароль",
    create: "Створити ключ",
    wrong: "Неправильний пароль",
  },
} as const;

/** The API key form, with the password it asks for (the sign-in is "6 minutes old"). */
async function keyForm(page: Page) {
  const section = page.getByTestId("settings-api-keys");
  await expect(section.getByTestId("api-key-password")).toBeVisible();
  return section;
}

for (const language of ["en", "ru", "uk"] as const) {
  test(`the sessions section and the key form asking the password (${language}, 390 px and desktop)`, async ({
    page,
  }) => {
    const text = TEXTS[language];
    // A long address, as real ones can be: it must stay inside the page on a phone.
    const email = uniqueEmail(`keys.${language}.ownerwitharatherlongaddress`);
    await registerThroughUi(page, email);
    if (language !== "en") {
      // Signed in, the choice is saved to the profile (PATCH userinfo/…): the reload below
      // must not overtake it, or the page comes back in English.
      const saved = page.waitForResponse(
        (response) =>
          response.request().method() === "PATCH" && response.url().includes("/userinfo/"),
      );
      await chooseLanguage(page, text.language);
      expect((await saved).ok()).toBe(true);
    }
    // This browser's clock 6 minutes on: the session signed in "more than 5 minutes ago"
    // as far as the form can tell (the server, on its own clock, checks the password given).
    await page.clock.setSystemTime(new Date(Date.now() + 6 * 60 * 1000));
    await page.goto("/settings");
    await expect(
      page.getByTestId("settings-sessions").getByRole("button", { name: text.sessions }),
    ).toBeVisible();
    const section = await keyForm(page);
    await expect(section.getByLabel(text.password)).toBeVisible();

    await section.getByTestId("api-key-name").fill("Zapier");
    await section.getByLabel(text.password).fill("not-my-password-1");
    await section.getByRole("button", { name: text.create }).click();
    await expect(section).toContainText(text.wrong);

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const address = await page.getByTestId("settings-current-email").boundingBox();
      expect(address, "the current address is shown").not.toBeNull();
      expect(
        (address?.x ?? 0) + (address?.width ?? 0),
        "the address within the page",
      ).toBeLessThanOrEqual(width);
      await page.getByTestId("settings-sessions").scrollIntoViewIfNeeded();
      await expectNoViolations(
        page,
        `settings, key form asking the password (${language}, ${width})`,
      );
      await page.getByTestId("settings-api-keys").screenshot({
        path: test.info().outputPath(`api-keys-${language}-${width}.png`),
      });
      await page.getByTestId("settings-sessions").screenshot({
        path: test.info().outputPath(`sessions-${language}-${width}.png`),
      });
    }

    await section.getByLabel(text.password).fill(PASSWORD);
    await section.getByRole("button", { name: text.create }).click();
    await expect(section.getByTestId("api-key-created")).toContainText("lq_");

    // The confirmation of signing out everywhere, checked as it shows.
    await page
      .getByTestId("settings-sessions")
      .getByRole("button", { name: text.sessions })
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("button", { name: text.sessions })).toBeVisible();
    await expectNoViolations(page, `sign out everywhere dialog (${language})`);
    await page.screenshot({ path: test.info().outputPath(`sign-out-everywhere-${language}.png`) });
  });
}
