import { expect, test } from "@playwright/test";
import { registerThroughUi, uniqueEmail } from "./support/users";

test("every menu entry opens its screen inside the layout", async ({ page }) => {
  await registerThroughUi(page, uniqueEmail("explorer"));
  // Each entry opens a screen of its own (a heading in the main region, not the 404 page),
  // whether that screen is built already or still says it is being prepared.
  const opened = async (url: RegExp) => {
    await expect(page).toHaveURL(url);
    await expect(page.getByRole("main").getByRole("heading").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "404" })).toHaveCount(0);
  };

  const entries: Array<[string, RegExp]> = [
    ["nav-leads", /\/leads$/],
    ["nav-referral-system", /\/referral-system$/],
    ["nav-certificate", /\/certificate$/],
    ["nav-support", /\/support$/],
    ["nav-review", /\/review$/],
  ];
  for (const [testId, url] of entries) {
    await page.getByTestId(testId).click();
    await opened(url);
  }

  await page.getByTestId("nav-balance").click();
  await page.getByTestId("nav-balance-pay").click();
  await opened(/\/balance\/pay$/);
  await page.getByTestId("nav-balance-my-rate").click();
  await opened(/\/balance\/my-rate$/);

  await page.getByTestId("nav-courses").click();
  await page.getByTestId("nav-course").click();
  await expect(page).toHaveURL(/\/courses\/course$/);
  await page.getByTestId("nav-courses-profile-group").click();
  for (const [testId, url] of [
    ["nav-courses-profile", /\/courses\/profile$/],
    ["nav-courses-portfolio", /\/courses\/profile\/portfolio$/],
    ["nav-courses-rating", /\/courses\/profile\/rating$/],
  ] as const) {
    await page.getByTestId(testId).click();
    await opened(url);
  }

  await page.getByTestId("nav-settings").click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByLabel("First name")).toBeVisible();

  await page.getByTestId("nav-dashboard").click();
  await expect(page).toHaveURL(/\/$/);
});

test("the quiz editor opens on its questions tab with its own menu", async ({ page }) => {
  await registerThroughUi(page, uniqueEmail("editor"));
  await page.getByTestId("first-quiz").click();
  await expect(page).toHaveURL(/\/quiz\/\d+\/questions$/);
  const id = /\/quiz\/(\d+)\//.exec(page.url())?.[1] ?? "";
  await page.goto(`/quiz/${id}`);
  await expect(page).toHaveURL(new RegExp(`/quiz/${id}/questions$`));
  for (const tab of [
    "design-settings",
    "integration",
    "settings",
    "results",
    "form-contacts",
    "addition",
    "config-action",
  ]) {
    await page.getByTestId(`editor-nav-${tab}`).click();
    await expect(page).toHaveURL(new RegExp(`/quiz/${id}/${tab}$`));
  }
  await page.getByTestId("editor-nav-back").click();
  await expect(page).toHaveURL(/\/$/);
});
