import { expect, type Page, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { openedDialog } from "./support/dialogs";
import { asSignedInOwner } from "./support/editor-ui";
import { registerThroughUi, uniqueEmail } from "./support/users";

/**
 * The projects dashboard (`/`) and the editor's frame, clicked through as a new user would:
 * first run, projects, sites, quizzes (create, copy, move, delete), publishing from the
 * editor's top bar, and the phone layout. axe-core (WCAG 2.2 A/AA) on each state.
 */

const project = (page: Page, title: string) =>
  page.locator("section", { has: page.getByRole("heading", { name: title, exact: true }) });
const quizRow = (page: Page, title: string) =>
  page.locator("li", { has: page.getByTestId("quiz-title").filter({ hasText: title }) }).filter({
    has: page.getByRole("link", { name: title, exact: true }),
  });

async function openQuizActions(page: Page, title: string) {
  // The menu opened before has closed (its fade-out over), so one menu's items are on screen.
  await expect(page.getByRole("menu")).toHaveCount(0);
  await page.getByRole("button", { name: `Actions of quiz ${title}`, exact: true }).click();
}

test("a new user goes from the first-run state to projects and quizzes", async ({ page }) => {
  test.setTimeout(180_000);
  await registerThroughUi(page, uniqueEmail("dashboard"));

  // First run: a friendly start that leads to the first quiz.
  await expect(page.getByRole("heading", { name: "Welcome to Leadquiz!" })).toBeVisible();
  await expectNoViolations(page, "dashboard, first run");
  await page.getByRole("button", { name: "Create my first quiz" }).click();
  await expect(page).toHaveURL(/\/quiz\/\d+\/questions$/);
  await expect(page.getByTestId("editor-quiz-title")).toHaveText("Quiz: New quiz");
  await expect(page.getByTestId("editor-publication-status")).toHaveText("Not published");
  await page.getByTestId("editor-nav-back").click();

  // The project made for it, with the quiz.
  await expect(page.getByTestId("first-run")).toHaveCount(0);
  const first = project(page, "My project");
  await expect(first.getByRole("link", { name: "New quiz", exact: true })).toBeVisible();
  await expect(first.getByText("Not published")).toBeVisible();
  await expect(first.getByText("0 leads")).toBeVisible();

  // Rename the project.
  await page.getByRole("button", { name: "Actions of project My project" }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  const name = page.getByRole("textbox", { name: "Project name" });
  await expect(name).toBeFocused();
  await name.fill("Sofas");
  await page.getByRole("button", { name: "Save" }).click();
  const sofas = project(page, "Sofas");
  await expect(sofas).toBeVisible();

  // Add a site: a wrong address is refused under the field, a right one listed.
  await sofas.getByRole("button", { name: "+ Add a site" }).click();
  const site = page.getByRole("textbox", { name: "Site address" });
  await site.fill("not a site");
  const addSite = (await openedDialog(page)).getByRole("button", { name: "Add a site" });
  await addSite.click();
  await expect(page.getByText("Enter a site address like https://example.com")).toBeVisible();
  await site.fill("sofas.example.com");
  await addSite.click();
  await expect(sofas.getByRole("link", { name: "sofas.example.com", exact: true })).toBeVisible();

  // A second project, and a quiz created in it from the dashboard.
  await page.getByRole("button", { name: "+ New project" }).click();
  await page.getByRole("textbox", { name: "Project name" }).fill("Kitchens");
  await (await openedDialog(page)).getByRole("button", { name: "New project" }).click();
  await expect(project(page, "Kitchens")).toBeVisible();
  await page.getByRole("button", { name: "+ New quiz" }).click();
  const dialog = page.getByRole("dialog", { name: "Create a quiz" });
  await dialog.getByRole("textbox", { name: "Project" }).click();
  await page.getByRole("option", { name: "Kitchens" }).click();
  await dialog.getByRole("textbox", { name: "Quiz name" }).fill("Kitchen quiz");
  await expect(
    dialog.getByRole("link", { name: "Choose a template", exact: true }),
  ).toHaveAttribute("href", /\/templates\/\d+$/);
  await dialog.getByRole("button", { name: "Create from scratch" }).click();
  await expect(page.getByTestId("editor-quiz-title")).toHaveText("Quiz: Kitchen quiz");
  await page.goto("/");
  const kitchens = project(page, "Kitchens");
  await expect(kitchens.getByRole("link", { name: "Kitchen quiz", exact: true })).toBeVisible();

  // Copy it, move the copy to Sofas.
  await openQuizActions(page, "Kitchen quiz");
  await page.getByRole("menuitem", { name: "Copy" }).click();
  await expect(
    kitchens.getByRole("link", { name: "Kitchen quiz (copy)", exact: true }),
  ).toBeVisible();
  await openQuizActions(page, "Kitchen quiz (copy)");
  await page.getByRole("menuitem", { name: "Move to another project" }).click();
  const move = await openedDialog(page, "Move “Kitchen quiz (copy)”");
  await expect(move.getByRole("textbox", { name: "Move to the project" })).toHaveValue("Sofas");
  await move.getByRole("button", { name: "Move" }).click();
  await expect(sofas.getByRole("link", { name: "Kitchen quiz (copy)", exact: true })).toBeVisible();
  await expect(
    kitchens.getByRole("link", { name: "Kitchen quiz (copy)", exact: true }),
  ).toHaveCount(0);
  await expectNoViolations(page, "dashboard with projects");

  // Delete asks first: focus goes to Cancel, Escape keeps the quiz and gives focus back to the
  // "⋯" button the menu was opened with.
  const actions = page.getByRole("button", { name: "Actions of quiz Kitchen quiz (copy)" });
  await actions.click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete the quiz?" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoViolations(page, "delete confirmation");
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await expect(actions).toBeFocused();
  await expect(sofas.getByRole("link", { name: "Kitchen quiz (copy)", exact: true })).toBeVisible();
  await actions.click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(sofas.getByRole("link", { name: "Kitchen quiz (copy)", exact: true })).toHaveCount(
    0,
  );

  // Delete a project, copy another; all of it is what the server keeps.
  await page.getByRole("button", { name: "Actions of project Kitchens" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await (await openedDialog(page, "Delete the project?"))
    .getByRole("button", {
      name: "Delete",
    })
    .click();
  await expect(project(page, "Kitchens")).toHaveCount(0);
  await page.getByRole("button", { name: "Actions of project Sofas" }).click();
  await page.getByRole("menuitem", { name: "Copy" }).click();
  await expect(project(page, "Sofas (copy)")).toBeVisible();
  await page.reload();
  await expect(project(page, "Sofas")).toBeVisible();
  await expect(
    project(page, "Sofas (copy)").getByRole("link", { name: "New quiz", exact: true }),
  ).toBeVisible();
  await expect(
    project(page, "Sofas (copy)").getByRole("link", { name: "sofas.example.com", exact: true }),
  ).toBeVisible();
  await expect(project(page, "Kitchens")).toHaveCount(0);
  await expect(quizRow(page, "Kitchen quiz (copy)")).toHaveCount(0);
});

test("the editor frame names the quiz, publishes it and shares its link", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await registerThroughUi(page, uniqueEmail("publisher"));
  await page.getByRole("button", { name: "Create my first quiz" }).click();
  await expect(page).toHaveURL(/\/quiz\/\d+\/questions$/);
  await expect(page.getByTestId("editor-view")).toHaveAttribute("aria-disabled", "true");
  await expectNoViolations(page, "editor frame");

  // Publish (in the publish modal) asks first, then the status, Link and View follow.
  await page.getByTestId("editor-publish").click();
  await (await openedDialog(page, "Publishing")).getByTestId("publish-confirm").click();
  await (await openedDialog(page, "Publish the quiz?"))
    .getByRole("button", { name: "Publish" })
    .click();
  await expect(page.getByTestId("publish-status")).toHaveText("Published");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("editor-publication-status")).toHaveText("Published");
  await expect(page.getByTestId("editor-publish")).toHaveText("Published");
  await page.getByTestId("editor-link").click();
  const url = await page.getByTestId("editor-public-url").textContent();
  expect(url).toMatch(/\/q\/[\w-]+$/);
  await page.getByTestId("editor-copy-link").click();
  await expect(page.getByTestId("editor-copy-link")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("editor-view")).toHaveAttribute("href", url ?? "");
  const visitor = await context.newPage();
  const response = await visitor.goto(url ?? "");
  expect(response?.status()).toBe(200);
  await visitor.close();

  // Usage instructions: real ones, with this quiz's embed code. Mounted on the first opening
  // (shared/ui/mount-on-open.ts): focus still moves in, and Escape gives it back.
  await page.getByTestId("editor-instructions").click();
  const instructions = page.getByRole("dialog", { name: "How to share your quiz" });
  await expect(instructions.getByTestId("embed-snippet")).toContainText("data-leadquiz=");
  await expect(instructions.getByTestId("embed-snippet")).toContainText("/embed.js");
  await expect
    .poll(() => instructions.evaluate((dialog) => dialog.contains(document.activeElement)))
    .toBe(true);
  await page.keyboard.press("Escape");
  await expect(instructions).toHaveCount(0);
  await expect(page.getByTestId("editor-instructions")).toBeFocused();

  // The dashboard shows it published, with its link.
  await page.getByTestId("editor-nav-back").click();
  await expect(page.getByTestId("quiz-status")).toHaveText("Published");
  await expect(page.getByTestId("quiz-public-link")).toHaveText(url ?? "");

  // Unpublish, after a confirmation.
  await page.getByRole("link", { name: "New quiz", exact: true }).click();
  await page.getByTestId("editor-publish").click();
  await (await openedDialog(page, "Publishing")).getByTestId("publish-unpublish").click();
  await (await openedDialog(page, "Unpublish the quiz?"))
    .getByRole("button", {
      name: "Unpublish",
    })
    .click();
  await expect(page.getByTestId("editor-publication-status")).toHaveText("Not published");

  // A quiz that does not exist says so.
  await page.goto("/quiz/999999/questions");
  await expect(page.getByRole("heading", { name: "Quiz not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to my projects", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("on a 390 px phone the dashboard and the editor frame fit the screen", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await registerThroughUi(page, uniqueEmail("phone.user.with.a.long.address"));
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  // The header: language switch and account menu inside the screen.
  const switcher = page.getByTestId("language-switch");
  await expect(switcher).toBeVisible();
  await expect(switcher).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId("user-menu")).toBeInViewport({ ratio: 1 });
  expect(await fits()).toBe(true);
  await expectNoViolations(page, "dashboard on a phone");

  await page.getByRole("button", { name: "Create my first quiz" }).click();
  await expect(page).toHaveURL(/\/quiz\/\d+\/questions$/);
  await expect(page.getByTestId("editor-publish")).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId("user-menu")).toBeInViewport({ ratio: 1 });
  const toggle = await page.getByTestId("editor-preview-device").boundingBox();
  const chip = await page.getByTestId("editor-publication-status").boundingBox();
  expect(toggle && chip && toggle.x + toggle.width <= chip.x).toBe(true);
  expect(await fits()).toBe(true);

  // The dashboard on the phone, with a quiz.
  await page.goto("/");
  await expect(page.getByRole("link", { name: "New quiz", exact: true })).toBeVisible();
  expect(await fits()).toBe(true);
  await expectNoViolations(page, "dashboard with a quiz on a phone");
});

test("a language switched just before a reload stays, and reaches the profile", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await registerThroughUi(page, uniqueEmail("language.reload"));
  await expect(page.getByRole("heading", { name: "Welcome to Leadquiz!" })).toBeVisible();

  // The profile's first save is held on its way, and the owner reloads meanwhile: the
  // reload cuts it off, so the server never gets it. Later saves go through.
  let saves = 0;
  await page.route(/\/api\/v1\/userinfo\/\d+\/$/, (route) => {
    if (route.request().method() !== "PATCH") return route.fallback();
    saves += 1;
    return saves === 1 ? new Promise<void>(() => {}) : route.continue();
  });
  await page.getByTestId("language-switch").selectOption("ru");
  await expect(page.getByRole("heading", { name: "Добро пожаловать в Leadquiz!" })).toBeVisible();
  await expect.poll(() => saves).toBe(1);
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === "PATCH" && /\/api\/v1\/userinfo\/\d+\/$/.test(response.url()),
  );
  await page.reload();

  // The profile still said English; the choice's save is sent again and it stays shown.
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Добро пожаловать в Leadquiz!" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Добро пожаловать в Leadquiz!" })).toBeVisible();
  const [profile] = await asSignedInOwner<{ language_code: string }[]>(page, "GET", "/userinfo/");
  expect(profile?.language_code).toBe("ru");
});
