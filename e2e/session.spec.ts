import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { registerThroughUi, uniqueEmail } from "./support/users";

/**
 * The owner app's session (docs/adr/0017-session-cookie.md): the refresh token in an HttpOnly
 * cookie, the access token in the page's memory. A reload and a new tab refresh silently;
 * tabs take turns refreshing and tell each other about sign-in and sign-out.
 */

/** Everything a script of the page can read where tokens could hide. */
function readableStorage(page: Page) {
  return page.evaluate(() => ({
    local: Object.entries(window.localStorage),
    session: Object.entries(window.sessionStorage),
    cookie: document.cookie,
  }));
}

/** Nothing in what page script can read looks like a token or names one. */
async function expectNothingTokenLike(page: Page) {
  const stored = await readableStorage(page);
  const text = JSON.stringify(stored);
  // A JWT (three base64url parts), or a key or cookie naming a session or token.
  expect(text).not.toMatch(/[\w-]{10,}\.[\w-]{10,}\.[\w-]{10,}/);
  expect(text).not.toMatch(/eyJ/);
  const names = [...stored.local, ...stored.session].map(([key]) => key).join(" ");
  expect(names).not.toMatch(/session|token|refresh|access/i);
  expect(stored.cookie).toBe("");
}

/** The refresh calls the pages of a context make from now on: each answer's status and tab. */
function watchRefreshes(context: BrowserContext): { statuses: number[]; pages: Page[] } {
  const seen = { statuses: [] as number[], pages: [] as Page[] };
  context.on("response", (response) => {
    if (!response.url().includes("/api/v1/token/refresh")) return;
    seen.statuses.push(response.status());
    seen.pages.push(response.frame().page());
  });
  return seen;
}

test("a reload keeps the owner signed in; nothing token-like is readable by page script", async ({
  page,
  context,
}) => {
  const email = uniqueEmail("reload");
  await registerThroughUi(page, email);
  await expectNothingTokenLike(page);

  // The refresh token is in an HttpOnly cookie of the refresh and logout calls only.
  const cookies = await context.cookies();
  expect(cookies.map((c) => [c.name, c.path, c.httpOnly, c.sameSite]).sort()).toEqual([
    ["lq_refresh", "/api/v1/logout", true, "Strict"],
    ["lq_refresh", "/api/v1/token/refresh", true, "Strict"],
  ]);

  // An older version's tokens in localStorage are deleted at start.
  await page.evaluate(() =>
    window.localStorage.setItem("leadquiz.session", '{"access":"old","refresh":"old"}'),
  );
  // While the start's refresh is on its way the loader shows, never the login page.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/v1/token/refresh/", async (route) => {
    await held;
    await route.continue();
  });
  const refreshes = watchRefreshes(context);
  await page.reload();
  await expect(page.getByRole("status", { name: "Loading" })).toBeVisible();
  await expect(page.getByTestId("login-submit")).toHaveCount(0);
  expect(page.url()).not.toContain("/login");
  release();
  await expect(page.getByTestId("user-menu")).toContainText(email);
  await expect(page).toHaveURL(/\/$/);
  expect(refreshes.statuses).toEqual([200]);
  await page.unroute("**/api/v1/token/refresh/");
  await expectNothingTokenLike(page);
});

test("two tabs keep working across refreshes; signing out in one signs out the other", async ({
  browser,
}) => {
  const context = await browser.newContext();
  // A clock the test moves: access tokens live 15 minutes.
  await context.clock.install();
  const first = await context.newPage();
  const email = uniqueEmail("two.tabs");
  await registerThroughUi(first, email);
  const second = await context.newPage();
  await second.goto("/");
  await expect(second.getByTestId("user-menu")).toContainText(email);

  const refreshes = watchRefreshes(context);
  for (const round of [1, 2]) {
    // Both access tokens are old now: both tabs refresh, one after the other (the lock),
    // each with the cookie the other left, at the same moment of use.
    await first.clock.fastForward("16:00");
    await Promise.all([first, second].map((page) => page.getByTestId("nav-leads").first().click()));
    for (const page of [first, second]) {
      await expect(page).toHaveURL(/\/leads/);
      await expect(page.getByTestId("user-menu")).toContainText(email);
    }
    // Each tab refreshed (with its own lock turn), and every refresh was accepted.
    for (const page of [first, second]) {
      await expect
        .poll(() => refreshes.pages.filter((p) => p === page).length, { message: `round ${round}` })
        .toBeGreaterThanOrEqual(round);
    }
    expect(refreshes.statuses.every((status) => status === 200)).toBe(true);
    await Promise.all([first, second].map((page) => page.goto("/")));
    await expect(first.getByTestId("user-menu")).toContainText(email);
    await expect(second.getByTestId("user-menu")).toContainText(email);
  }

  // Sign-out in one tab: the other follows at once, without being touched.
  await first.getByTestId("nav-logout").click();
  await expect(first).toHaveURL(/\/login/);
  await expect(second).toHaveURL(/\/login/);
  await expect(second.getByTestId("login-submit")).toBeVisible();
  await second.reload();
  await expect(second.getByTestId("login-submit")).toBeVisible();
  expect(await context.cookies()).toEqual([]);

  // Sign-in in one tab: the other, waiting on the login page, is signed in too.
  await first.getByLabel("E-mail").fill(email);
  await first.getByLabel("Password", { exact: true }).fill("Quiz-maker-2026");
  await first.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(first.getByTestId("user-menu")).toContainText(email);
  await expect(second.getByTestId("user-menu")).toContainText(email);
  await expectNothingTokenLike(second);
  await context.close();
});
