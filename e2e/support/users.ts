import { randomBytes } from "node:crypto";
import { SESSION_REQUEST_HEADER, SESSION_REQUEST_HEADER_VALUE } from "@leadquiz/contract";
import { expect, type Page } from "@playwright/test";
import { quizOwner } from "./quiz-builder";
import { registrationLink } from "./smtp-inbox";

export const PASSWORD = "Quiz-maker-2026";

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${randomBytes(4).toString("hex")}@example.com`;
}

/**
 * An address of its own for one browser context, sent as `X-Forwarded-For` (the e2e server
 * trusts the loopback proxy): each new user registers from their own address, as real users
 * do, so the per-address registration limit (10 an hour) is not shared by the whole suite.
 */
export function ownClientAddress(): string {
  const [a = 0, b = 0, c = 1] = randomBytes(3);
  return `10.${a}.${b}.${Math.max(c, 1)}`;
}

/** Fills and sends the registration form (at `from`, e.g. an invitation link), in English. */
export async function sendRegistration(
  page: Page,
  email: string,
  password = PASSWORD,
  from = "/registration",
): Promise<void> {
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": ownClientAddress() });
  await page.goto(from);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Repeat password").fill(password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Sign up" }).click();
}

/**
 * Registers as a person does: the real form (at `from`, e.g. an invitation link), "check your
 * e-mail", then the link from the SMTP inbox, which signs in and lands on the dashboard.
 */
export async function registerThroughUi(
  page: Page,
  email: string,
  password = PASSWORD,
  from = "/registration",
): Promise<void> {
  await sendRegistration(page, email, password, from);
  await expect(page.getByTestId("registration-sent")).toContainText(email);
  await page.goto(await registrationLink(email));
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("user-menu")).toContainText(email);
}

/**
 * An access token of the page's signed-in owner, for read-back calls of the API: what the app
 * itself does, a refresh with the session cookie the browser holds (it rotates; the page's
 * next refresh takes the new one). The app keeps its own token where no test can read it.
 */
export async function accessTokenOf(page: Page): Promise<string> {
  const response = await page.request.post("/api/v1/token/refresh/", {
    headers: { [SESSION_REQUEST_HEADER]: SESSION_REQUEST_HEADER_VALUE },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access: string }).access;
}

export async function logInThroughUi(
  page: Page,
  email: string,
  password = PASSWORD,
): Promise<void> {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Opens a page of the quiz owner's account (this worker's `quizOwner`) and signs in there. */
export async function openAsQuizOwner(page: Page, path: string): Promise<void> {
  const { email, password } = await quizOwner();
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": ownClientAddress() });
  await page.goto(path);
  await logInThroughUi(page, email, password);
}

/** Chooses a language in the header's "Interface language" select (in any language). */
export async function chooseLanguage(page: Page, name: "English" | "Русский" | "Українська") {
  await page.getByTestId("language-switch").first().selectOption({ label: name });
}
