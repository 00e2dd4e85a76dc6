import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { waitForMail } from "./support/smtp-inbox";
import { chooseLanguage, registerThroughUi, uniqueEmail } from "./support/users";

const OPERATORS = "support-team@leadquiz.test";

function inbox(): string {
  const dir = process.env.E2E_INBOX_DIR;
  if (!dir) throw new Error("E2E_INBOX_DIR is not set by the global setup");
  return dir;
}

/** Clicks the star named `name` ("4 of 5 stars"), as a user does (its input is hidden). */
async function chooseStars(form: Locator, name: string) {
  const id = await form.getByRole("radio", { name, exact: true }).getAttribute("id");
  await form.locator(`label[for="${id}"]`).click();
  await expect(form.getByRole("radio", { name, exact: true })).toBeChecked();
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test("a support request goes to the team and a copy to the sender; the page passes axe", async ({
  page,
}) => {
  const email = uniqueEmail("helpme");
  await registerThroughUi(page, email);
  await page.getByTestId("nav-support").click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole("heading", { name: "Support", level: 2 })).toBeVisible();
  // The reply address is the account's.
  await expect(page.getByLabel("E-mail for the answer")).toHaveValue(email);
  await expectNoViolations(page, "/support");
  await shoot(page, "support-en-1280");

  // Nothing described: a translated message, nothing sent.
  await page.getByRole("button", { name: "Send the request" }).click();
  await expect(page.getByTestId("support-form")).toContainText("Required field");

  const problem = `My quiz ${Date.now()} does not open on the checkout page.`;
  await page.getByLabel("Describe the problem").fill(problem);
  await page.getByRole("button", { name: "Send the request" }).click();
  const sent = page.getByTestId("support-sent");
  await expect(sent).toContainText("Your request has been sent");
  await expect(sent).toContainText(email);
  await expectNoViolations(page, "/support sent");
  await shoot(page, "support-sent-en-1280");

  // (waitForMail matches "to: <address>", which a Reply-To header holds too.)
  const toTeam = await waitForMail(inbox(), OPERATORS, `Account: ${email}`);
  expect(toTeam).toContain(`\nTo: ${OPERATORS}`);
  expect(toTeam).toContain(`Reply-To: ${email}`);
  expect(toTeam).toContain(problem);
  const copy = await waitForMail(inbox(), email, "Your Leadquiz support request");
  expect(copy).toContain(`\nTo: ${email}`);
  expect(copy).toContain(problem);

  await page.setViewportSize({ width: 390, height: 844 });
  await sent.getByRole("button", { name: "Write another request" }).click();
  await expect(page.getByLabel("Describe the problem")).toHaveValue("");
  await shoot(page, "support-en-390");
});

test("a review is published, listed, then edited; HTML in it is refused; the page passes axe", async ({
  page,
}) => {
  const email = uniqueEmail("reviewer");
  await registerThroughUi(page, email);
  await page.getByTestId("nav-review").click();
  await expect(page).toHaveURL(/\/review$/);
  const form = page.getByTestId("review-form");
  await expectNoViolations(page, "/review");

  // No rating chosen: a translated message.
  await form.getByLabel("Your review").fill("Nice");
  await form.getByRole("button", { name: "Publish the review" }).click();
  await expect(form).toContainText("Choose a rating from 1 to 5 stars");

  // HTML: refused at the field, nothing published.
  const stamp = Date.now();
  await chooseStars(form, "4 of 5 stars");
  await form
    .getByLabel("Your review")
    .fill(
      `Built my first quiz ${stamp} <b>in ten minutes</b> <img src=x onerror="window.__xss=1">`,
    );
  await form.getByRole("button", { name: "Publish the review" }).click();
  await expect(form).toContainText(
    "A review is plain text: remove the HTML tags (such as <b> or <img>)",
  );
  await expect(page.getByTestId("review-item").filter({ hasText: `${stamp}` })).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

  // Plain text (a lone "<" included) is published as typed.
  const text = `Built my first quiz ${stamp} in ten minutes, I <3 it`;
  await form.getByLabel("Your review").fill(text);
  await form.getByRole("button", { name: "Publish the review" }).click();
  await expect(page.getByTestId("review-saved")).toHaveText("Thank you! Your review is published.");

  const mine = page.getByTestId("review-item").filter({ hasText: "Built my first quiz" });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByTestId("review-text")).toHaveText(text);
  await expect(mine.getByRole("img", { name: "4 of 5 stars" })).toBeVisible();
  await expect(mine).toContainText("You");

  // Editing: the form holds the review; saving replaces it (still one).
  await expect(page.getByRole("heading", { name: "Your review" })).toBeVisible();
  await expect(form.getByLabel("Your review")).toHaveValue(text);
  await chooseStars(form, "5 of 5 stars");
  await form.getByLabel("Your review").fill("Even better after a week of leads.");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("review-saved")).toHaveText("Your review is updated.");
  const edited = page.getByTestId("review-item").filter({ hasText: "Even better after a week" });
  await expect(edited).toHaveCount(1);
  await expect(edited.getByRole("img", { name: "5 of 5 stars" })).toBeVisible();
  await expect(
    page.getByTestId("review-item").filter({ hasText: "Built my first quiz" }),
  ).toHaveCount(0);
  await expectNoViolations(page, "/review with a review");
  await shoot(page, "review-en-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "review-en-390");
});

test("support and reviews in Russian (the account's language), on a phone and a desktop", async ({
  page,
}) => {
  const email = uniqueEmail("podderzhka");
  await registerThroughUi(page, email);
  await page.goto("/settings");
  await chooseLanguage(page, "Русский");
  await expect(page.getByTestId("nav-support")).toHaveText("Поддержка");

  await page.goto("/support");
  await expect(page.getByRole("heading", { name: "Поддержка", level: 2 })).toBeVisible();
  await page.getByRole("button", { name: "Отправить обращение" }).click();
  await expect(page.getByTestId("support-form")).toContainText("Обязательное поле");
  await expectNoViolations(page, "/support ru");
  await shoot(page, "support-ru-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "support-ru-390");
  await page.getByLabel("Опишите проблему").fill("Не приходят заявки на почту.");
  await page.getByRole("button", { name: "Отправить обращение" }).click();
  await expect(page.getByTestId("support-sent")).toContainText("Обращение отправлено");
  await shoot(page, "support-sent-ru-390");

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/review");
  const form = page.getByTestId("review-form");
  await chooseStars(form, "5 звёзд из 5");
  await form.getByLabel("Ваш отзыв").fill("Удобный конструктор, заявки пошли в первый же день.");
  await form.getByRole("button", { name: "Опубликовать отзыв" }).click();
  await expect(page.getByTestId("review-saved")).toHaveText("Спасибо! Ваш отзыв опубликован.");
  await expectNoViolations(page, "/review ru");
  await shoot(page, "review-ru-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "review-ru-390");
});
