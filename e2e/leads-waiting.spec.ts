import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { LeadListPage } from "@leadquiz/contract";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { confirmPurchase } from "./support/dialogs";
import { operatorCredit } from "./support/operator";
import {
  chooseLanguage,
  ownClientAddress,
  PASSWORD,
  registerThroughUi,
  uniqueEmail,
} from "./support/users";
import { startReceiver } from "./support/webhook-receiver";

/**
 * The allowance covers deliveries (docs/leads.md "Allowance"): an owner whose requests ran
 * out sees on the leads screen how many deliveries wait for requests (en, ru, uk; desktop
 * and 390 px; axe), nothing reaches the webhook meanwhile, and buying a tariff sends them.
 * The owner is this test's own, so the shared quiz owner's requests are not spent.
 */

const TRIAL_REQUESTS = 10;

/** The owner's API through Playwright's request context, from the owner's own address. */
function ownerApi(request: APIRequestContext, address: string) {
  let token = "";
  async function call<T>(method: "GET" | "POST" | "PATCH", url: string, data?: unknown) {
    const response = await request.fetch(`/api/v1${url}`, {
      method,
      headers: {
        "x-forwarded-for": address,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(data === undefined ? {} : { data }),
    });
    expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  }
  return {
    call,
    async signIn(email: string) {
      token = (await call<{ access: string }>("POST", "/token/", { email, password: PASSWORD }))
        .access;
    },
  };
}

/** A published one-question quiz of the owner, with a webhook to `url` when given. */
async function publishedQuiz(api: ReturnType<typeof ownerApi>, title: string, url?: string) {
  const project = await api.call<{ id: number }>("POST", "/project/", {});
  const quiz = await api.call<{ id: number }>("POST", "/quiz/", {
    project: project.id,
    title,
    contact_form: { privacy_policy_url: "https://example.com/privacy" },
  });
  const question = await api.call<{ id: number }>("POST", "/question/", {
    quiz: quiz.id,
    type: 1,
    title: "Who is the sofa for?",
  });
  const [answer] = await api.call<{ id: number }[]>("GET", `/question/${question.id}/answer_list/`);
  await api.call("POST", "/publication-quiz/", { quiz: quiz.id });
  if (url) await api.call("POST", "/webhook-integration/", { quiz: quiz.id, url });
  const { public_key } = await api.call<{ public_key: string }>("GET", `/quiz/${quiz.id}/`);
  return { id: quiz.id, publicKey: public_key, question: question.id, answer: answer?.id ?? 0 };
}

async function seeWaiting(page: Page, text: string, name: string) {
  const alert = page.getByTestId("deliveries-waiting");
  await expect(alert).toContainText(text);
  await expectNoViolations(page, name);
}

test("the leads screen says how many deliveries wait for requests; buying a tariff sends them", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const receiver = await startReceiver();
  try {
    const email = uniqueEmail("waiting");
    await registerThroughUi(page, email);
    const api = ownerApi(request, ownClientAddress());
    await api.signIn(email);
    const quiz = await publishedQuiz(api, "Sofa leads", receiver.url);

    const submit = async (to: typeof quiz, name: string, phone: string) => {
      const lead = await request.post(`/api/v1/public/quiz/${to.publicKey}/lead/`, {
        headers: { "x-forwarded-for": ownClientAddress() },
        data: {
          submission_id: randomUUID(),
          answers: [{ question: to.question, answers: [to.answer] }],
          contacts: { name, phone },
          consent: true,
        },
      });
      expect(lead.status()).toBe(201);
    };
    // One more lead than the trial's requests: the last one's delivery waits.
    for (let i = 0; i <= TRIAL_REQUESTS; i += 1) {
      await submit(quiz, `Visitor ${i}`, `+1202555${String(1000 + i)}`);
    }
    await expect
      .poll(async () => (await api.call<LeadListPage>("GET", "/leadslist/")).deliveries_waiting, {
        timeout: 30_000,
      })
      .toBe(1);
    expect(receiver.hits).toHaveLength(TRIAL_REQUESTS);

    await page.goto("/leads");
    await expect(page.getByTestId("requests-left")).toHaveText("Requests left: 0");
    await seeWaiting(page, "1 delivery of new leads to your integrations is waiting", "leads, en");
    await page.screenshot({ path: test.info().outputPath("leads-waiting-desktop.png") });

    await page.setViewportSize({ width: 390, height: 844 });
    await seeWaiting(page, "1 delivery of new leads", "leads, en, 390 px");
    await page.screenshot({
      path: test.info().outputPath("leads-waiting-390.png"),
      fullPage: true,
    });
    await chooseLanguage(page, "Русский");
    await seeWaiting(page, "1 отправка новых заявок в ваши интеграции ждёт", "leads, ru, 390 px");
    await page.setViewportSize({ width: 1280, height: 800 });
    await chooseLanguage(page, "Українська");
    await seeWaiting(page, "1 надсилання нових заявок у ваші інтеграції чекає", "leads, uk");
    await chooseLanguage(page, "English");

    // Buying a tariff: the waiting delivery goes, and the screen stops saying so.
    await operatorCredit(email, "9.00");
    await page
      .getByTestId("deliveries-waiting")
      .getByRole("link", { name: "Choose a tariff" })
      .click();
    await expect(page).toHaveURL(/\/balance\/my-rate$/);
    await page.getByTestId("tariff-2").getByRole("button", { name: "Buy from balance" }).click();
    await confirmPurchase(page);
    await expect(page.getByTestId("buy-done")).toContainText("Tariff Start is active until");
    await expect.poll(() => receiver.hits.length, { timeout: 30_000 }).toBe(TRIAL_REQUESTS + 1);
    await page.goto("/leads");
    await expect(page.getByTestId("requests-left")).toHaveText("Requests left: 99");
    await expect(page.getByTestId("deliveries-waiting")).toHaveCount(0);

    // An export opens the unopened leads it matches when the owner says so, one request
    // each: two leads of a quiz without integrations are still masked.
    const plain = await publishedQuiz(api, "Armchair leads");
    await submit(plain, "Export Erin", "+12025552001");
    await submit(plain, "Export Oskar", "+12025552002");
    await page.reload();
    await expect(page.getByText("E***")).toHaveCount(2);
    await page.setViewportSize({ width: 390, height: 844 });
    await chooseLanguage(page, "Українська");
    await page.getByTestId("export").click();
    await page.getByTestId("export-csv").click();
    const uk = page.getByRole("dialog", { name: "Експорт заявок" });
    await expect(uk).toContainText("поки є запити (залишилось 99)");
    await expectNoViolations(page, "export dialog, uk, 390 px");
    await page.screenshot({ path: test.info().outputPath("export-dialog-uk-390.png") });
    await page.keyboard.press("Escape");
    await expect(uk).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await chooseLanguage(page, "Русский");
    await page.getByTestId("export").click();
    await page.getByTestId("export-csv").click();
    const ru = page.getByRole("dialog", { name: "Экспорт заявок" });
    await expect(ru).toContainText("пока есть запросы (осталось 99)");
    await expectNoViolations(page, "export dialog, ru");
    await page.keyboard.press("Escape");
    await expect(ru).toHaveCount(0);
    await chooseLanguage(page, "English");
    await page.getByTestId("export").click();
    await page.getByTestId("export-csv").click();
    const dialog = page.getByRole("dialog", { name: "Export leads" });
    await expect(dialog).toContainText("while requests last (99 left)");
    await expectNoViolations(page, "export dialog, en");
    await page.screenshot({ path: test.info().outputPath("export-dialog-desktop.png") });
    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Open and export" }).click();
    await expect(page.getByText("2 leads opened for the export.")).toBeVisible();
    const csv = await (await download).path();
    const text = await readFile(csv, "utf8");
    expect(text).toContain("Export Erin");
    expect(text).toContain("Export Oskar");
    await expect(page.getByTestId("requests-left")).toHaveText("Requests left: 97");
    await expect(page.getByText("Export Erin")).toBeVisible();
  } finally {
    await receiver.close();
  }
});
