import { expect, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { confirmPurchase, openedDialog } from "./support/dialogs";
import { withServerDatabase } from "./support/e2e-database";
import { operatorCredit } from "./support/operator";
import { PASSWORD, registerThroughUi, uniqueEmail } from "./support/users";

/**
 * Money as an owner and the operator meet it (docs/money.md): the top-up page of the manual
 * provider, the operator's credit through `npm run operator`, a card top-up through the
 * fake Stripe checkout (e2e/global-setup.ts), buying a tariff from the balance and seeing
 * its limits; axe-core on each screen, and the phone layout.
 */

test("an owner tops up through the operator, buys a tariff and sees its limits", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("money");
  await registerThroughUi(page, email);

  // The trial, and the catalogue.
  await page.goto("/balance/my-rate");
  await expect(page.getByRole("heading", { name: "My tariff", level: 2 })).toBeVisible();
  await expect(page.getByTestId("current-tariff")).toContainText("Current tariff: Trial");
  await expect(page.getByTestId("balance")).toHaveText("Balance: $0.00");
  await expectNoViolations(page, "my tariff, trial");

  // Buying without money is refused with the server's message.
  await page.getByTestId("tariff-2").getByRole("button", { name: "Buy from balance" }).click();
  await expect(await openedDialog(page, "Buy Start?")).toContainText(
    "Your balance is $9.00 short of the price",
  );
  await confirmPurchase(page);
  await expect(page.getByTestId("buy-error")).toHaveText("Insufficient funds on balance");

  // The top-up page leads to the manual provider's instructions.
  await page.getByTestId("current-tariff").getByRole("link", { name: "Top up" }).click();
  await expect(page).toHaveURL(/\/balance\/pay$/);
  // The card comes first; this owner pays the operator instead.
  await expect(page.getByLabel("Card")).toBeChecked();
  await page.getByText("Pay the operator", { exact: true }).click();
  await page.getByTestId("field-amount").fill("abc");
  await page.getByTestId("pay-submit").click();
  await expect(page.getByText("Enter an amount such as 12.50")).toBeVisible();
  await page.getByTestId("field-amount").fill("9");
  await page.getByTestId("pay-submit").click();
  await expect(page).toHaveURL(/\/balance\/pay\/manual\?amount=9\.00$/);
  await expect(page.getByTestId("manual-payment")).toContainText(`Send 9.00 USD`);
  await expect(page.getByTestId("manual-payment")).toContainText(email);
  await expectNoViolations(page, "manual payment page");

  // The operator credits the payment through the running server.
  expect(await operatorCredit(email, "9.00")).toContain("balance now 9.00");

  await page.getByRole("main").getByRole("link", { name: "My tariff" }).click();
  await expect(page.getByTestId("balance")).toHaveText("Balance: $9.00");
  await page.getByTestId("tariff-2").getByRole("button", { name: "Buy from balance" }).click();
  // It asks first: the price, the balance after, and the trial's larger limits that end.
  const confirm = await openedDialog(page, "Buy Start?");
  await expect(confirm).toContainText("$9.00 is taken from your balance: $9.00 now, $0.00 after.");
  await expect(confirm.getByTestId("buy-limits-end")).toHaveText(
    "The larger limit of “Trial” ends now: 100 projects a month become 5.",
  );
  await expectNoViolations(page, "my tariff, the purchase's confirmation");
  await confirmPurchase(page);
  await expect(page.getByTestId("buy-done")).toContainText("Tariff Start is active until");
  await expect(page.getByTestId("current-tariff")).toContainText("Current tariff: Start");
  await expect(page.getByTestId("current-tariff")).toContainText("Projects this month: 0 of 5");
  await expect(page.getByTestId("current-tariff")).toContainText("Requests: 0 of 110");
  await expect(page.getByTestId("balance")).toHaveText("Balance: $0.00");
  await expectNoViolations(page, "my tariff, bought");

  // A phone fits the page without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test("an inviter earns from an invited account's payment, transfers part and asks for a withdrawal", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await registerThroughUi(page, uniqueEmail("inviter"));
  await page.goto("/referral-system");
  await expect(page.getByTestId("referral-invited")).toHaveText("Invited accounts: 0");
  const link = (await page.getByTestId("referral-link").textContent()) ?? "";
  expect(link).toMatch(/\/registration\?ref=/);
  await expectNoViolations(page, "referral system, empty");

  // A second account registers through the link and pays.
  const invitedContext = await browser.newContext();
  const invitedPage = await invitedContext.newPage();
  const invitedEmail = uniqueEmail("invited");
  await registerThroughUi(
    invitedPage,
    invitedEmail,
    PASSWORD,
    new URL(link).pathname + new URL(link).search,
  );
  // It tops up by card: the provider's checkout page, then back on My tariff.
  await invitedPage.goto("/balance/pay");
  await invitedPage.getByTestId("field-amount").fill("1500");
  await invitedPage.getByTestId("pay-submit").click();
  await expect(invitedPage).toHaveTitle("Fake Stripe Checkout");
  await invitedPage.getByRole("button", { name: "Pay" }).click();
  await expect(invitedPage).toHaveURL(/\/balance\/my-rate\?payment=done$/);
  await expect(invitedPage.getByTestId("payment-done")).toContainText(
    "Thank you, your payment is made.",
    { timeout: 30_000 },
  );
  await expect(invitedPage.getByTestId("balance")).toHaveText("Balance: $1,500.00");
  await expectNoViolations(invitedPage, "my tariff, after a card payment");
  await invitedContext.close();

  await page.reload();
  await expect(page.getByTestId("referral-invited")).toHaveText("Invited accounts: 1");
  await expect(page.getByTestId("referral-funds")).toHaveText("Bonus funds: $150.00");

  // Part of it to the balance; more than there is is refused.
  const transfer = page.getByRole("form", { name: "Move to the balance" });
  await transfer.getByLabel("Amount, USD").fill("200");
  await transfer.getByRole("button", { name: "Transfer" }).click();
  await expect(transfer.getByText("Transfer amount exceeds balance")).toBeVisible();
  await transfer.getByLabel("Amount, USD").fill("10");
  await transfer.getByRole("button", { name: "Transfer" }).click();
  await expect(page.getByTestId("referral-funds")).toHaveText("Bonus funds: $140.00");

  // A withdrawal to a card: a wrong number is refused, a right one is held and masked.
  const withdraw = page.getByRole("form", { name: "Withdraw" });
  // The minimum comes from the server's public settings (key_value/).
  await expect(withdraw.getByText("At least 100.00.", { exact: false })).toBeVisible();
  await withdraw.getByText("Card").click();
  await withdraw.getByLabel("Amount, USD").fill("100");
  await withdraw.getByLabel("Card number").fill("4242 4242 4242 4241");
  await withdraw.getByLabel("Receiver's name").fill("Olena Koval");
  await withdraw.getByRole("button", { name: "Request a withdrawal" }).click();
  await expect(withdraw.getByText("This card number is not valid")).toBeVisible();
  await withdraw.getByLabel("Card number").fill("4242 4242 4242 4242");
  await withdraw.getByRole("button", { name: "Request a withdrawal" }).click();
  await expect(page.getByTestId("referral-funds")).toHaveText("Bonus funds: $40.00");
  await expect(page.getByTestId("withdrawal-requests")).toContainText("•••• 4242");
  await expect(page.getByTestId("withdrawal-requests")).toContainText("Pending");
  await expectNoViolations(page, "referral system, with a request");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test("an ended tariff shows a banner and hides the quiz from visitors until renewal", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("expiry");
  await registerThroughUi(page, email);
  await page.getByRole("button", { name: "Create my first quiz" }).click();
  await expect(page).toHaveURL(/\/quiz\/\d+\/questions$/);
  await page.getByTestId("editor-publish").click();
  await (await openedDialog(page, "Publishing")).getByTestId("publish-confirm").click();
  await (await openedDialog(page, "Publish the quiz?"))
    .getByRole("button", { name: "Publish" })
    .click();
  await expect(page.getByTestId("publish-status")).toHaveText("Published");
  await page.keyboard.press("Escape");
  await page.getByTestId("editor-link").click();
  const url = (await page.getByTestId("editor-public-url").textContent()) ?? "";
  await page.keyboard.press("Escape");

  // The trial ends (the clock of the test: its end date moves into the past).
  await withServerDatabase((db) =>
    db.query(
      `update account_tariffs set ends_at = now() - interval '1 minute'
       where user_id = (select id from users where lower(email) = lower($1))`,
      [email],
    ),
  );
  const visitor = await context.newPage();
  const hidden = await visitor.goto(url);
  expect(hidden?.status()).toBe(404);
  await expect(visitor.getByRole("heading", { name: "Quiz not available" })).toBeVisible();

  await page.goto("/");
  await expect(page.getByTestId("tariff-expired-banner")).toContainText("Your tariff has expired");

  // Renewal brings the quiz back at once.
  await operatorCredit(email, "9.00");
  await page
    .getByTestId("tariff-expired-banner")
    .getByRole("link", { name: "Renew the tariff" })
    .click();
  await expect(page.getByTestId("tariff-end")).toContainText("Ended on");
  await expectNoViolations(page, "my tariff with the expired-tariff banner");
  await page.getByTestId("tariff-2").getByRole("button", { name: "Buy from balance" }).click();
  await confirmPurchase(page);
  await expect(page.getByTestId("buy-done")).toBeVisible();
  await expect(page.getByTestId("tariff-expired-banner")).toHaveCount(0);
  const shown = await visitor.goto(url);
  expect(shown?.status()).toBe(200);
});
