import { randomUUID } from "node:crypto";
import type { LeadListPage } from "@leadquiz/contract";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
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

/** A published one-question quiz of the owner with a webhook to `url`. */
async function quizWithWebhook(api: ReturnType<typeof ownerApi>, url: string) {
  const project = await api.call<{ id: number }>("POST", "/project/", {});
  const quiz = await api.call<{ id: number }>("POST", "/quiz/", {
    project: project.id,
    title: "Sofa leads",
    contact_form: { privacy_policy_url: "https://example.com/privacy" },
  });
  const question = await api.call<{ id: number }>("POST", "/question/", {
    quiz: quiz.id,
    type: 1,
    title: "Who is the sofa for?",
  });
  const [answer] = await api.call<{ id: number }[]>("GET", `/question/${question.id}/answer_list/`);
  await api.call("POST", "/publication-quiz/", { quiz: quiz.id });
  await api.call("POST", "/webhook-integration/", { quiz: quiz.id, url });
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
    const quiz = await quizWithWebhook(api, receiver.url);

    // One more lead than the trial's requests: the last one's delivery waits.
    for (let i = 0; i <= TRIAL_REQUESTS; i += 1) {
      const lead = await request.post(`/api/v1/public/quiz/${quiz.publicKey}/lead/`, {
        headers: { "x-forwarded-for": ownClientAddress() },
        data: {
          submission_id: randomUUID(),
          answers: [{ question: quiz.question, answers: [quiz.answer] }],
          contacts: { name: `Visitor ${i}`, phone: `+1202555${String(1000 + i)}` },
          consent: true,
        },
      });
      expect(lead.status()).toBe(201);
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
    await expect(page.getByTestId("buy-done")).toContainText("Tariff Start is active until");
    await expect.poll(() => receiver.hits.length, { timeout: 30_000 }).toBe(TRIAL_REQUESTS + 1);
    await page.goto("/leads");
    await expect(page.getByTestId("requests-left")).toHaveText("Requests left: 99");
    await expect(page.getByTestId("deliveries-waiting")).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
