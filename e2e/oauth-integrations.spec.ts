import { expect, test } from "@playwright/test";
import { openedDialog } from "./support/dialogs";
import { ownerCall, publishBranchingQuiz } from "./support/quiz-builder";
import { openAsQuizOwner } from "./support/users";

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
  await openAsQuizOwner(page, `/quiz/${quiz.id}/integration`);
  await page.getByTestId("tile-hubspot").getByRole("button", { name: "Connect HubSpot" }).click();
  const card = (await openedDialog(page, "HubSpot")).getByTestId("hubspot-card");
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

/**
 * A consent link asked for elsewhere (here by the API, outside this browser: as if someone
 * sent the owner the link of their quiz) is refused on the way back, because this browser
 * has no cookie of it: the tab says so and nothing is connected.
 */
test("a consent link asked for in another browser connects nothing and says why", async ({
  page,
}) => {
  const quiz = await publishBranchingQuiz();
  const { link } = await ownerCall<{ link: string }>("GET", `/hubspot/auth-link/${quiz.id}/`);
  await openAsQuizOwner(page, `/quiz/${quiz.id}/integration`);
  const tile = page.getByTestId("tile-hubspot");
  await expect(tile.getByRole("button", { name: "Connect HubSpot" })).toBeVisible();

  await page.goto(link);
  await page.getByRole("button", { name: "Allow" }).click();

  await expect(page).toHaveURL(/oauth_reason=browser/);
  await expect(page.getByTestId("oauth-notice")).toContainText(
    "HubSpot was not connected: the authorisation link was opened in another browser",
  );
  await expect(tile.getByRole("button", { name: "Connect HubSpot" })).toBeVisible();
  await expect(tile.getByText("Connected", { exact: true })).toHaveCount(0);
});
