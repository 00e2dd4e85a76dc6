import { expect, test } from "@playwright/test";
import { openedDialog } from "./support/dialogs";
import { publishBranchingQuiz, quizOwner } from "./support/quiz-builder";
import { logInThroughUi, ownClientAddress } from "./support/users";

/**
 * Telegram on the integration tab, through the fake Bot API the global setup started (the
 * server polls it): the owner opens the bot's start link, is refused before pressing Start
 * ("you have not authorised in our bot"), presses Start, connects, and gets a test lead.
 */

interface SentMessage {
  chat_id: unknown;
  text: string;
  parse_mode?: string;
}

const telegramUrl = () => process.env.E2E_TELEGRAM_URL ?? "";
const sentMessages = async (): Promise<SentMessage[]> =>
  (await (await fetch(`${telegramUrl()}/__fake/messages`)).json()) as SentMessage[];

test("an owner connects Telegram through the bot's start link and receives a test lead", async ({
  page,
}) => {
  const chatId = 50_000 + Math.floor(Math.random() * 10_000);
  const quiz = await publishBranchingQuiz();
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": ownClientAddress() });
  await page.goto(`/quiz/${quiz.id}/integration`);
  const { email, password } = await quizOwner();
  await logInThroughUi(page, email, password);
  await page.getByTestId("tile-telegram").getByRole("button", { name: "Connect Telegram" }).click();
  const card = page.getByRole("dialog", { name: "Telegram" }).getByTestId("telegram-card");
  const openBot = card.getByRole("link", { name: "Open the bot" });
  await expect(openBot).toBeVisible();
  const href = new URL((await openBot.getAttribute("href")) ?? "");
  expect(href.origin).toBe("https://t.me");
  const code = href.searchParams.get("start") ?? "";
  expect(code).not.toBe("");

  const connect = card.getByRole("button", { name: "I have pressed Start — connect" });
  await connect.click();
  await expect(page.getByText("You have not authorised in our bot yet.")).toBeVisible();

  // The owner presses Start in Telegram: the bot gets `/start <code>` and confirms.
  await fetch(`${telegramUrl()}/__fake/press`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ chat_id: chatId, text: `/start ${code}` }),
  });
  await expect
    .poll(async () => (await sentMessages()).find((m) => m.chat_id === chatId)?.text ?? "", {
      timeout: 15_000,
    })
    .toContain(quiz.title);

  await connect.click();
  await expect(page.getByText("Integration connected")).toBeVisible();
  await expect(card.getByText("Chat: Owner")).toBeVisible();

  await card.getByRole("button", { name: "Send a test lead" }).click();
  await expect(page.getByText("Test lead sent. The service answered 200.")).toBeVisible();
  const lead = (await sentMessages()).filter((m) => String(m.chat_id) === String(chatId)).at(-1);
  expect(lead?.parse_mode).toBe("HTML");
  expect(lead?.text).toContain("Test Lead");

  // The connection is listed on the tab behind the dialog too.
  await expect(page.getByTestId("connections").getByText("Chat: Owner")).toBeAttached();

  await card.getByRole("button", { name: "Actions of Telegram" }).click();
  await page.getByRole("menuitem", { name: "Disconnect" }).click();
  await (await openedDialog(page, "Disconnect?"))
    .getByRole("button", { name: "Disconnect" })
    .click();
  await expect(card.getByRole("link", { name: "Open the bot" })).toBeVisible();
});
