import { expect, test } from "@playwright/test";
import { publishBranchingQuiz } from "./support/quiz-builder";
import { logInThroughUi, ownClientAddress } from "./support/users";

/**
 * An OAuth CRM connected through the provider's consent page (the local fake of
 * apps/server/src/test-support/fake-oauth-provider.ts, started by global-setup.ts): the
 * owner presses "Connect HubSpot", allows access, lands back on the tab with HubSpot
 * connected, and a test lead shows what HubSpot answered.
 */
test("the owner connects HubSpot on its consent page and sends it a test lead", async ({
  page,
}) => {
  const quiz = await publishBranchingQuiz();
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": ownClientAddress() });
  await page.goto(`/quiz/${quiz.id}/integration`);
  await logInThroughUi(
    page,
    process.env.E2E_QUIZ_OWNER_EMAIL ?? "",
    process.env.E2E_QUIZ_OWNER_PASSWORD ?? "",
  );
  await page.getByTestId("tile-hubspot").getByRole("button", { name: "Connect HubSpot" }).click();
  const card = page.getByRole("dialog", { name: "HubSpot" }).getByTestId("hubspot-card");
  await card.getByRole("button", { name: "Connect HubSpot" }).click();

  await expect(page.getByRole("heading", { name: /Allow Leadquiz/ })).toBeVisible();
  await page.getByRole("button", { name: "Allow" }).click();

  await expect(page).toHaveURL(new RegExp(`/quiz/${quiz.id}/integration`));
  await expect(page.getByTestId("oauth-notice")).toContainText("HubSpot connected");
  // Back on the tab, HubSpot is a row of the connected list.
  const row = page.getByTestId("connections");
  await expect(row.getByText("Connected", { exact: true })).toBeVisible();
  await expect(row.getByText("On", { exact: true })).toBeVisible();

  await row.getByRole("button", { name: "Send a test lead" }).click();
  await expect(page.getByText("Test lead sent. The service answered 201.")).toBeVisible();
  await expect(page.getByText(/Answer: \{"id":"\d+"/)).toBeVisible();
});
