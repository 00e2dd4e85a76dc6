import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { expectNoViolations } from "./support/axe";
import { openedDialog } from "./support/dialogs";
import {
  ownerCall,
  publishBranchingQuiz,
  quizOwner,
  sendContacts,
  takePath,
} from "./support/quiz-builder";
import { chooseLanguage, logInThroughUi, openAsQuizOwner, ownClientAddress } from "./support/users";
import { type Hit, startReceiver } from "./support/webhook-receiver";

/**
 * The integration tab: the owner connects a webhook in the UI, sends a test lead, then a
 * visitor's lead arrives at the receiver signed (Standard Webhooks) and shows in the log.
 */

function verified(secret: string, hit: Hit) {
  return new Webhook(secret).verify(hit.body, {
    "webhook-id": String(hit.headers["webhook-id"]),
    "webhook-timestamp": String(hit.headers["webhook-timestamp"]),
    "webhook-signature": String(hit.headers["webhook-signature"]),
  }) as { type: string; data: { lead: { name: string; quiz: { id: number } } } };
}

test("a webhook connected in the UI gets a test lead and a visitor's lead, signed, and the log shows it", async ({
  page,
  browser,
}) => {
  const receiver = await startReceiver();
  const quiz = await publishBranchingQuiz();
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": ownClientAddress() });
  await page.goto(`/quiz/${quiz.id}/integration`);
  const { email, password } = await quizOwner();
  await logInThroughUi(page, email, password);
  await expect(page.getByRole("heading", { name: "Integrations" })).toBeVisible();
  await expect(page.getByText("Nothing connected yet")).toBeVisible();
  await expectNoViolations(page, "integration tab");

  // The gallery's tile opens the webhook's panel in a dialog; nothing else is open.
  await expect(page.getByTestId("webhook-card")).toHaveCount(0);
  await page.getByTestId("tile-webhook").getByRole("button", { name: "Connect Webhook" }).click();
  const card = page.getByRole("dialog", { name: "Webhook" }).getByTestId("webhook-card");
  await expect(card).toBeVisible();
  await expectNoViolations(page, "webhook dialog");
  // Automation platforms put a token in the address: it is a secret, shown masked.
  const token = `tok_${randomBytes(8).toString("hex")}`;
  const address = `${receiver.url}/${token}?token=${token}`;
  await card.getByLabel("Address (https://…)").fill(address);
  await card.getByRole("button", { name: "Connect" }).click();
  await expect(page.getByText("Integration connected")).toBeVisible();
  const secret = (
    (await page.getByTestId("webhook-secret").locator("pre, code").first().textContent()) ?? ""
  ).trim();
  expect(secret).toMatch(/^whsec_/);
  await expect(card.getByText(`http://127.0.0.1/****${token.slice(-4)}`)).toBeVisible();
  expect(await page.content()).not.toContain(token);
  await card.screenshot({ path: test.info().outputPath("webhook-card-en-1280.png") });

  await card.getByRole("button", { name: "Send a test lead" }).click();
  await expect(page.getByText("Test lead sent. The service answered 200.")).toBeVisible();
  expect(receiver.hits).toHaveLength(1);
  expect(verified(secret, receiver.hits[0] as Hit).data.lead.name).toBe("Test Lead");
  expect(receiver.hits[0]?.url).toBe(`/hooks/leads/${token}?token=${token}`);

  // Pausing and resuming edits the webhook without its address: the stored one stays.
  await card.getByRole("button", { name: "Actions of Webhook" }).click();
  await page.getByRole("menuitem", { name: "Pause" }).click();
  await expect(card.getByText("Off", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: "Actions of Webhook" }).click();
  await page.getByRole("menuitem", { name: "Resume" }).click();
  await expect(card.getByText("On", { exact: true })).toBeVisible();

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(quiz.publicUrl);
  await takePath(visitorPage, quiz, "a");
  await sendContacts(visitorPage, {
    name: "Webhook Wanda",
    phone: "+12025550143",
    email: "wanda@example.com",
  });
  await expect(visitorPage.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  await visitor.close();

  await expect.poll(() => receiver.hits.length, { timeout: 15_000 }).toBe(2);
  expect(receiver.hits[1]?.url).toBe(`/hooks/leads/${token}?token=${token}`);
  const lead = verified(secret, receiver.hits[1] as Hit);
  expect(lead).toMatchObject({
    type: "lead.created",
    version: 1,
    data: { lead: { name: "Webhook Wanda", quiz: { id: quiz.id } } },
  });

  // After a reload the webhook is a row of the connected list, with its last delivery.
  await page.reload();
  const log = page.getByTestId("delivery-log");
  await expect(log.getByText("delivered", { exact: true })).toBeVisible();
  const connections = page.getByTestId("connections");
  await expect(connections.getByTestId("integration-last")).toContainText("delivered");
  await expect(page.getByTestId("tile-webhook").getByText("Connected")).toBeVisible();
  await expectNoViolations(page, "integration tab with a delivery");

  // Disconnecting (from the row's menu) asks first.
  await connections.getByRole("button", { name: "Actions of Webhook" }).click();
  await page.getByRole("menuitem", { name: "Disconnect" }).click();
  await (await openedDialog(page, "Disconnect?"))
    .getByRole("button", { name: "Disconnect" })
    .click();
  await expect(page.getByText("Nothing connected yet")).toBeVisible();
  await receiver.close();
});

test("the integration tab fits a phone", async ({ page }) => {
  const quiz = await publishBranchingQuiz();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": ownClientAddress() });
  await page.goto(`/quiz/${quiz.id}/integration`);
  const { email, password } = await quizOwner();
  await logInThroughUi(page, email, password);
  await expect(page.getByRole("heading", { name: "Integrations" })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoViolations(page, "integration tab on a phone");

  // A target's panel takes the whole phone screen.
  await page.getByTestId("tile-sendpulse").getByRole("button").click();
  const dialog = page.getByRole("dialog", { name: "SendPulse" });
  await expect(dialog.getByLabel("REST API ID")).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(390);
  await expectNoViolations(page, "a target's dialog on a phone");
});

test("a connected webhook's address shows masked in English, Russian and Ukrainian, on a phone and a desktop", async ({
  page,
}) => {
  const quiz = await publishBranchingQuiz();
  const token = `tok_${randomBytes(8).toString("hex")}`;
  await ownerCall("POST", "/webhook-integration/", {
    quiz: quiz.id,
    url: `https://hooks.make.example/${token}?token=${token}`,
  });
  const masked = `https://****.make.example/****${token.slice(-4)}`;
  await openAsQuizOwner(page, `/quiz/${quiz.id}/integration`);
  await expect(page.getByTestId("connections")).toContainText(masked);
  // The language is the shared owner's profile language: English again whatever happens.
  const [me] = await ownerCall<{ id: number }[]>("GET", "/userinfo/");
  try {
    for (const [language, name, dialogName] of [
      ["en", "English", "Webhook"],
      ["ru", "Русский", "Вебхук"],
      ["uk", "Українська", "Вебхук"],
    ] as const) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await chooseLanguage(page, name);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByTestId("tile-webhook").getByRole("button").click();
        const card = page.getByRole("dialog", { name: dialogName }).getByTestId("webhook-card");
        await expect(card.getByText(masked)).toBeVisible();
        expect(await page.content()).not.toContain(token);
        await expectNoViolations(page, `webhook card ${language} ${width}`);
        await card.screenshot({
          path: test.info().outputPath(`webhook-card-${language}-${width}.png`),
        });
        await page.keyboard.press("Escape");
        await expect(card).toHaveCount(0);
      }
    }
  } finally {
    if (me) await ownerCall("PATCH", `/userinfo/${me.id}/`, { language_code: "en" });
  }
});

test("GetResponse's connect form shows the MAX account's two fields, labelled in en, ru and uk, within a phone", async ({
  page,
}) => {
  const quiz = await publishBranchingQuiz();
  await openAsQuizOwner(page, `/quiz/${quiz.id}/integration`);
  const [me] = await ownerCall<{ id: number }[]>("GET", "/userinfo/");
  try {
    for (const [language, name, domainLabel] of [
      ["en", "English", "GetResponse MAX domain"],
      ["ru", "Русский", "Домен GetResponse MAX"],
      ["uk", "Українська", "Домен GetResponse MAX"],
    ] as const) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await chooseLanguage(page, name);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByTestId("tile-getresponse").getByRole("button").click();
        const dialog = page.getByRole("dialog", { name: "GetResponse" });
        const domain = dialog.getByLabel(domainLabel, { exact: false });
        await expect(domain).toBeVisible();
        await expect(domain).toHaveAttribute("placeholder", "example.com");
        const box = await dialog.getByRole("textbox").last().boundingBox();
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
        await expectNoViolations(page, `getresponse card ${language} ${width}`);
        await dialog.screenshot({
          path: test.info().outputPath(`getresponse-card-${language}-${width}.png`),
        });
        await page.keyboard.press("Escape");
        await expect(dialog).toHaveCount(0);
      }
    }
  } finally {
    if (me) await ownerCall("PATCH", `/userinfo/${me.id}/`, { language_code: "en" });
  }
});
