import { expect, type Page, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { asSignedInOwner, editorQuizId, fitsTheWindow, questionCard } from "./support/editor-ui";
import { registerThroughUi, uniqueEmail } from "./support/users";

/**
 * Every tab of the quiz editor passes axe-core's WCAG 2.2 A/AA rules at 1280 px, with
 * content in it (questions, a result, a bonus); the editor fits a 768 px tablet and the
 * dashboard a 390 px phone without scrolling sideways.
 */

/** A new user's first quiz with two questions (a List and a Slider) and a result. */
async function quizWithContent(page: Page): Promise<number> {
  await registerThroughUi(page, uniqueEmail("editor.a11y"));
  await page.getByRole("button", { name: "Create my first quiz" }).click();
  await expect(page).toHaveURL(/\/quiz\/\d+\/questions$/);
  const quiz = editorQuizId(page);
  await asSignedInOwner(page, "POST", "/question/", { quiz, type: 1, title: "Your budget?" });
  await asSignedInOwner(page, "POST", "/question/", { quiz, type: 7, title: "Rooms?" });
  await asSignedInOwner(page, "POST", "/result/", { quiz, title: "Your price" });
  return quiz;
}

/** Opens an editor section from the editor's menu. */
async function openSection(page: Page, section: string, heading: string) {
  await page.getByTestId(`editor-nav-${section}`).click();
  await expect(page).toHaveURL(new RegExp(`/${section}`));
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
}

test("every editor tab has no WCAG A/AA violations at 1280 px", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const quiz = await quizWithContent(page);
  await page.goto(`/quiz/${quiz}/questions`);

  // Questions: the list with a card open, the start page, logic setup.
  await questionCard(page, 1).getByTestId("question-toggle").click();
  await expect(questionCard(page, 1).getByTestId("question-editor")).toBeVisible();
  await expectNoViolations(page, "questions, a card open");
  await page.getByRole("tab", { name: "Start page" }).click();
  await expect(page.getByTestId("start-title")).toBeVisible();
  await expectNoViolations(page, "questions, start page");
  await page.getByRole("tab", { name: "Logic setup" }).click();
  await expect(page.getByTestId("logic-question-2")).toBeVisible();
  await expectNoViolations(page, "questions, logic setup");

  // Results: each sub-tab of the result.
  await openSection(page, "results", "Results");
  await page.getByTestId("result-item").first().click();
  for (const tab of ["Page view", "Value assignment", "Logic setup"]) {
    await page.getByRole("tab", { name: tab }).click();
    await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
    await expectNoViolations(page, `results, ${tab}`);
  }

  await openSection(page, "form-contacts", "Contact form");
  await expectNoViolations(page, "contact form");

  await openSection(page, "addition", "Additions");
  await page.getByRole("button", { name: "Add: Bonus" }).click();
  await expect(page.getByTestId("addition-1").getByLabel("Name")).toBeVisible();
  await expectNoViolations(page, "additions with a bonus");

  // The sections another issue fills, as they are today.
  for (const section of ["design-settings", "integration", "settings", "config-action"]) {
    await page.getByTestId(`editor-nav-${section}`).click();
    await expect(page).toHaveURL(new RegExp(`/${section}`));
    await expect(page.getByRole("main").getByRole("heading").first()).toBeVisible();
    await expectNoViolations(page, `editor section ${section}`);
  }
});

test("the editor fits a 768 px tablet and the dashboard a 390 px phone", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 768, height: 1024 });
  const quiz = await quizWithContent(page);

  // Each tab at 768 px: nothing wider than the screen, the tab's controls reachable.
  await page.goto(`/quiz/${quiz}/questions`);
  await questionCard(page, 1).getByTestId("question-toggle").click();
  await expect(questionCard(page, 1).getByTestId("question-title")).toBeInViewport();
  // After a resize the layout settles (the navbar folds away) before it is measured.
  await expect.poll(() => fitsTheWindow(page)).toBe(true);
  await page.getByRole("tab", { name: "Logic setup" }).click();
  await expect(page.getByTestId("logic-question-2")).toBeVisible();
  // After a resize the layout settles (the navbar folds away) before it is measured.
  await expect.poll(() => fitsTheWindow(page)).toBe(true);
  for (const [section, heading] of [
    ["results", "Results"],
    ["form-contacts", "Contact form"],
    ["addition", "Additions"],
  ] as const) {
    await page.goto(`/quiz/${quiz}/${section}`);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    await expect.poll(() => fitsTheWindow(page), { message: section }).toBe(true);
  }
  await page.getByTestId("editor-preview-toggle").click();
  await expect(page.getByTestId("preview-frame")).toBeVisible();
  // After a resize the layout settles (the navbar folds away) before it is measured.
  await expect.poll(() => fitsTheWindow(page)).toBe(true);
  await expect(page.getByTestId("editor-publish")).toBeInViewport({ ratio: 1 });

  // The dashboard on a phone: the quiz, its actions and the header fit.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page.getByRole("link", { name: "New quiz", exact: true })).toBeVisible();
  await expect(
    page.getByRole("button", { name: "Actions of quiz New quiz", exact: true }),
  ).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId("new-quiz")).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId("user-menu")).toBeInViewport({ ratio: 1 });
  // After a resize the layout settles (the navbar folds away) before it is measured.
  await expect.poll(() => fitsTheWindow(page)).toBe(true);
});

test("on a phone the editor's menu slides in, and not while the window is resized", async ({
  page,
}) => {
  // The frame's sections follow the shell's transition time (apps/web/src/app/app-shell.css):
  // 200 ms normally, none while the window changes size.
  const navbarTransition = () =>
    page
      .locator(".mantine-AppShell-navbar")
      .evaluate((navbar) => getComputedStyle(navbar).transitionDuration);
  await page.setViewportSize({ width: 390, height: 844 });
  await registerThroughUi(page, uniqueEmail("editor.menu"));
  await page.getByRole("button", { name: "Create my first quiz" }).click();
  await expect(page).toHaveURL(/\/quiz\/\d+\/questions$/);
  await expect.poll(navbarTransition).toBe("0.2s");
  await page.getByRole("button", { name: "Show or hide the menu" }).click();
  await expect(page.getByTestId("editor-nav-results")).toBeInViewport();

  // Mantine marks the shell `data-resizing` for ~200 ms: the page itself notes the navbar's
  // transition each time the mark changes, so a slow round trip cannot miss the moment.
  await page.evaluate(() => {
    const shell = document.querySelector(".mantine-AppShell-root");
    const navbar = document.querySelector(".mantine-AppShell-navbar");
    if (!shell || !navbar) throw new Error("no app shell");
    const seen: string[] = [];
    Object.assign(window, { navbarTransitionsSeen: seen });
    new MutationObserver(() => seen.push(getComputedStyle(navbar).transitionDuration)).observe(
      shell,
      { attributes: true, attributeFilter: ["data-resizing"] },
    );
  });
  await page.setViewportSize({ width: 400, height: 844 });
  await expect
    .poll(() =>
      page.evaluate(
        () => (window as unknown as { navbarTransitionsSeen: string[] }).navbarTransitionsSeen,
      ),
    )
    .toContain("0s");
  await expect.poll(navbarTransition).toBe("0.2s");
});
