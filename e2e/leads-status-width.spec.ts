import { expect, type Page, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { publishBranchingQuiz, quizOwner, submitLeadThroughApi } from "./support/quiz-builder";
import { chooseLanguage, logInThroughUi, ownClientAddress } from "./support/users";

/**
 * The leads list's status select shows a whole status name in every language (issue 42:
 * "Нова" and "Успе…" were cut in Ukrainian), at a desktop's and a phone's width.
 */

/** How much wider the select's chosen text is than the room it has (0 or less: it fits). */
function overflow(page: Page): Promise<number> {
  return page.getByTestId("lead-status").evaluate((element) => {
    const select = element as HTMLSelectElement;
    const style = getComputedStyle(select);
    const context = document.createElement("canvas").getContext("2d");
    if (!context) throw new Error("no canvas");
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = select.selectedOptions[0]?.text ?? "";
    const room =
      select.clientWidth -
      Number.parseFloat(style.paddingLeft) -
      Number.parseFloat(style.paddingRight);
    return context.measureText(text).width - room;
  });
}

test("the status select shows whole names in Ukrainian and Russian", async ({ page }) => {
  test.setTimeout(120_000);
  const quiz = await publishBranchingQuiz();
  await submitLeadThroughApi(quiz, {
    name: "Oksana Status",
    phone: "+12025550177",
    email: "oksana.status@example.com",
  });
  const { email, password } = await quizOwner();
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": ownClientAddress() });
  await page.goto("/login?redirectUrl=%2Fleads");
  await logInThroughUi(page, email, password);
  await page.getByTestId("filter-quiz").click();
  await page.getByRole("option", { name: quiz.title }).click();
  await expect(page.locator("[data-testid^=lead-row-]")).toHaveCount(1);
  try {
    for (const [language, statuses] of [
      ["Українська", ["Нова", "У роботі", "Успішна", "Відмова"]],
      ["Русский", ["Новая", "В работе", "Успешная", "Отказ"]],
    ] as const) {
      await chooseLanguage(page, language);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 800 });
        for (const status of statuses) {
          await page.getByTestId("lead-status").selectOption({ label: status });
          await expect(page.getByTestId("lead-status").locator("option:checked")).toHaveText(
            status,
          );
          expect(await overflow(page), `${status} at ${width} px`).toBeLessThanOrEqual(0);
        }
        await page.screenshot({
          path: test.info().outputPath(`leads-${language}-${width}.png`),
          fullPage: true,
        });
        await expectNoViolations(page, `the leads list in ${language} at ${width} px`);
      }
    }
  } finally {
    // The owner serves this worker's other specs in English.
    await chooseLanguage(page, "English");
  }
});
