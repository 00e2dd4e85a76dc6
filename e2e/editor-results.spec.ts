import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { openedDialog } from "./support/dialogs";
import { asSignedInOwner } from "./support/editor-ui";
import { accessTokenOf, registerThroughUi, uniqueEmail } from "./support/users";

/**
 * The editor's results, contact form and additions tabs, and its media slots, clicked
 * through against the real server: a formula result with an output table, a contact form,
 * a bonus with an image, an image upload undone and redone, a video's compression phases,
 * a file over 100 MB refused before sending. axe-core (WCAG 2.2 A/AA) on each tab.
 */

const API = "/api/v1";

/** A new user with a fresh quiz; returns the quiz id (the editor's address). */
async function newQuiz(page: Page): Promise<number> {
  await registerThroughUi(page, uniqueEmail("results"));
  await page.getByRole("button", { name: "Create my first quiz" }).click();
  await expect(page).toHaveURL(/\/quiz\/\d+\/questions$/);
  return Number(/\/quiz\/(\d+)\//.exec(page.url())?.[1]);
}

/**
 * Questions come from the questions tab (its own browser test); here they are made through
 * the API with the signed-in user's token, as that tab would.
 */
async function addQuestion(page: Page, quiz: number, body: Record<string, unknown>) {
  const access = await accessTokenOf(page);
  const response = await page.request.post(`${API}/question/`, {
    headers: { Authorization: `Bearer ${access}` },
    data: { quiz, ...body },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Waits until the editor has saved everything (the top bar's status). */
async function saved(page: Page) {
  await expect(page.getByText("Saving…")).toHaveCount(0);
}

test("a formula result with an output table and a condition", async ({ page }) => {
  test.setTimeout(120_000);
  const quiz = await newQuiz(page);
  await addQuestion(page, quiz, { type: 7, title: "Rooms", config: { min: 1, max: 10, step: 1 } });
  await addQuestion(page, quiz, { type: 4, title: "Your wish" });

  await page.goto(`/quiz/${quiz}/results`);
  await expect(page.getByRole("heading", { name: "Results", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Add result" }).click();
  await expect(page.getByRole("tab", { name: "Page view" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await page.getByLabel("Title").fill("Your price");
  await page.getByLabel("Button text").click();
  await page.getByLabel("Button link").fill("not a link");
  await page.getByLabel("Button text").click();
  await expect(page.getByText("Enter a full address, e.g. https://example.com")).toBeVisible();
  await page.getByLabel("Button link").fill("https://example.com/order");
  await page.getByLabel("Button text").click();
  await expect(page.getByText("Enter a full address, e.g. https://example.com")).toHaveCount(0);
  await expect(page.getByTestId("result-item")).toHaveText("1. Your price");
  await expectNoViolations(page, "results, page view");

  await page.getByRole("tab", { name: "Value assignment" }).click();
  await page.getByText("Formula", { exact: true }).click();
  const verdict = page.getByTestId("formula-verdict");
  await page.getByRole("textbox", { name: "Question" }).click();
  await page.getByRole("option", { name: "Q1 “Rooms”" }).click();
  await page.getByRole("button", { name: "Insert question" }).click();
  await page.getByRole("button", { name: "Insert multiply" }).click();
  await expect(verdict).toHaveText(
    "The formula is not valid: it ends with an operation (element 2).",
  );
  await page.getByRole("textbox", { name: "Number" }).fill("1000");
  await page.getByRole("button", { name: "Insert number" }).click();
  await expect(verdict).toHaveText("The formula is valid.");
  await expect(page.getByTestId("formula-text")).toHaveText("Q1 “Rooms” × 1000");

  // A text question has no numeric value: the engine says so at once.
  await page.getByRole("button", { name: "Insert plus" }).click();
  await page.getByRole("textbox", { name: "Question" }).click();
  await page.getByRole("option", { name: "Q2 “Your wish”" }).click();
  await page.getByRole("button", { name: "Insert question" }).click();
  await expect(verdict).toContainText("a question has no numeric value");
  await page.getByRole("button", { name: "Delete the last element" }).click();
  await page.getByRole("button", { name: "Delete the last element" }).click();
  await expect(verdict).toHaveText("The formula is valid.");

  // The output table.
  await page.getByRole("button", { name: "Add row" }).click();
  const row = page.getByTestId("output-row").first();
  await row.getByLabel("From").fill("0");
  await row.getByLabel("To").fill("3000");
  await row.getByLabel("Shown text").fill("Small flat");
  await row.getByLabel("From").click();
  await saved(page);
  await expectNoViolations(page, "results, value assignment");

  // Logic setup: shown when Q1 is more than 2.
  await page.getByRole("tab", { name: "Logic setup" }).click();
  await page.getByRole("radio", { name: "When its conditions hold" }).click();
  await expect(page.getByRole("radio", { name: "When its conditions hold" })).toBeChecked();
  const form = page.getByTestId("condition-form");
  await form.getByRole("textbox", { name: "Question" }).click();
  await page.getByRole("option", { name: "Q1 “Rooms”" }).click();
  await form.getByRole("textbox", { name: "Operator" }).click();
  await page.getByRole("option", { name: "More than" }).click();
  await form.getByRole("textbox", { name: "Value" }).fill("2");
  await form.getByRole("button", { name: "Add condition" }).click();
  await expect(page.getByTestId("result-condition")).toContainText("Q1 “Rooms”: more than 2");
  // The same condition again is refused, with the reason under the form.
  await form.getByRole("textbox", { name: "Question" }).click();
  await page.getByRole("option", { name: "Q1 “Rooms”" }).click();
  await form.getByRole("textbox", { name: "Operator" }).click();
  await page.getByRole("option", { name: "More than" }).click();
  await form.getByRole("textbox", { name: "Value" }).fill("2");
  await form.getByRole("button", { name: "Add condition" }).click();
  await expect(form.getByRole("alert")).toHaveText("The same condition already exists");
  await expect(page.getByTestId("result-condition")).toHaveCount(1);
  await saved(page);
  await expectNoViolations(page, "results, logic setup");

  // Everything was stored: a reload shows it again.
  await page.reload();
  await page.getByRole("tab", { name: "Value assignment" }).click();
  await expect(page.getByTestId("formula-text")).toHaveText("Q1 “Rooms” × 1000");
  await expect(page.getByTestId("formula-verdict")).toHaveText("The formula is valid.");
  await expect(page.getByTestId("output-row").getByLabel("Shown text")).toHaveValue("Small flat");
  await expect(page.getByTestId("output-row").getByLabel("To")).toHaveValue("3000");

  // Copy and delete (with a confirmation).
  await page.getByRole("button", { name: "Actions of result “Your price”" }).click();
  await page.getByRole("menuitem", { name: "Copy" }).click();
  await expect(page.getByTestId("result-item")).toHaveCount(2);
  // The copy comes right after the original and is opened; move it up.
  const items = page.getByTestId("result-item");
  await expect(items.nth(1)).toHaveAttribute("aria-current", "true");
  await page.getByRole("button", { name: "Actions of result “Your price”" }).nth(1).click();
  await page.getByRole("menuitem", { name: "Move up" }).click();
  await expect(items.first()).toHaveAttribute("aria-current", "true");
  await saved(page);
  await page.reload();
  await expect(items.first()).toHaveAttribute("aria-current", "true");
  await page.getByRole("button", { name: "Actions of result “Your price”" }).first().click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await (await openedDialog(page, "Delete the result?"))
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByTestId("result-item")).toHaveCount(1);
});

test("the contact form: fields, messengers and links", async ({ page }) => {
  test.setTimeout(90_000);
  const quiz = await newQuiz(page);
  await page.goto(`/quiz/${quiz}/form-contacts`);
  await expect(page.getByRole("heading", { name: "Contact form", level: 1 })).toBeVisible();
  await page.getByLabel("Form title").fill("Where shall we send the price?");

  const other = page.getByTestId("form-field-other");
  await other.getByRole("switch", { name: "Show the field Other" }).click();
  await expect(other.getByLabel("Label")).toBeVisible();
  await other.getByLabel("Label").fill("Company");
  await other.getByRole("switch", { name: "The field Other is required" }).click();
  // A controlled checkbox: its new state shows once the optimistic change has rendered.
  await page.getByRole("checkbox", { name: "Telegram" }).click();
  await expect(page.getByRole("checkbox", { name: "Telegram" })).toBeChecked();

  const privacy = page.getByLabel("Privacy policy link");
  await privacy.fill("example");
  await page.getByLabel("Button text").click();
  await expect(page.getByText("Enter a full address, e.g. https://example.com")).toBeVisible();
  await privacy.fill("https://example.com/privacy");
  await page.getByLabel("Button text").click();
  await expect(page.getByText("Enter a full address, e.g. https://example.com")).toHaveCount(0);
  await saved(page);
  await expectNoViolations(page, "contact form");

  await page.reload();
  await expect(page.getByLabel("Privacy policy link")).toHaveValue("https://example.com/privacy");
  await expect(page.getByLabel("Form title")).toHaveValue("Where shall we send the price?");
  await expect(page.getByTestId("form-field-other").getByLabel("Label")).toHaveValue("Company");
  await expect(
    page
      .getByTestId("form-field-other")
      .getByRole("switch", { name: "The field Other is required" }),
  ).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Telegram" })).toBeChecked();
});

/** The smallest valid PNG (1×1, red). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);

test("a bonus with an image; a file over 100 MB is refused before sending", async ({ page }) => {
  test.setTimeout(90_000);
  const quiz = await newQuiz(page);
  await page.goto(`/quiz/${quiz}/addition`);
  await page.getByRole("button", { name: "Add: Bonus" }).click();
  const bonus = page.getByTestId("addition-1");
  await bonus.getByLabel("Name").fill("A free design project");
  await bonus.getByLabel("Discount amount (e.g. 10% or 500 USD)").fill("10%");
  await bonus.getByLabel("Name").click();

  await bonus.getByTestId("media-file-input").setInputFiles({
    name: "gift.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  const image = bonus.getByTestId("media-image");
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute("src", /^\/media\/.+\.png$/);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1);

  // Over 100 MB: refused in the browser, nothing is sent.
  const patches: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PATCH") patches.push(request.url());
  });
  await bonus
    .getByTestId("media-field-image")
    .locator("[role=group]")
    .evaluate((zone) => {
      const big = new File([new ArrayBuffer(100 * 1024 * 1024 + 1)], "huge.png", {
        type: "image/png",
      });
      const data = new DataTransfer();
      data.items.add(big);
      zone.dispatchEvent(
        new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }),
      );
    });
  await expect(bonus.getByTestId("media-error")).toHaveText("maximum 100 MB");
  expect(patches).toEqual([]);
  await expect(image).toHaveAttribute("src", /^\/media\/.+\.png$/);

  // Discount and consultant.
  await page.getByRole("button", { name: "Add: Discount" }).click();
  await page.getByTestId("addition-2").getByText("Growing").click();
  await expect(page.getByText("The discount grows with each answered question")).toBeVisible();
  await saved(page);
  await expectNoViolations(page, "additions");

  // Adding can be undone from the top bar.
  await page.getByRole("button", { name: "Add: Consultant" }).click();
  await expect(page.getByTestId("addition-3").getByLabel("Job title")).toBeVisible();
  await saved(page);
  await page.getByRole("button", { name: "Undo", exact: true }).click();
  await expect(page.getByRole("button", { name: "Add: Consultant" })).toBeVisible();

  await page.reload();
  const stored = page.getByTestId("addition-1");
  await expect(stored.getByLabel("Name")).toHaveValue("A free design project");
  await expect(stored.getByTestId("media-image")).toBeVisible();

  // Removing the image.
  await stored.getByRole("button", { name: "Remove" }).click();
  await expect(stored.getByTestId("media-image")).toHaveCount(0);
  await saved(page);
  await page.reload();
  await expect(
    page.getByTestId("addition-1").getByText("Drag a file here or choose one"),
  ).toBeVisible();
});

/** The media of the quiz's first question as the server holds it. */
async function firstQuestionMedia(page: Page, quiz: number): Promise<string | null> {
  const list = await asSignedInOwner<{ media: string | null }[]>(
    page,
    "GET",
    `/quiz/${quiz}/question_list/`,
  );
  return list[0]?.media ?? null;
}

test("an image upload is one undo step: Ctrl+Z takes it off the server, Ctrl+Shift+Z puts it back", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const quiz = await newQuiz(page);
  await addQuestion(page, quiz, { type: 4, title: "Your wish" });
  await page.goto(`/quiz/${quiz}/questions`);
  const card = page.getByTestId("question-1");
  await card.getByTestId("question-toggle").click();
  await card.getByTestId("media-file-input").setInputFiles({
    name: "wish.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  await expect(card.getByTestId("media-image")).toBeVisible();
  await saved(page);
  await expect.poll(() => firstQuestionMedia(page, quiz)).toMatch(/\.png$/);

  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("Control+z");
  await expect(card.getByTestId("media-image")).toHaveCount(0);
  await saved(page);
  await expect.poll(() => firstQuestionMedia(page, quiz)).toBeNull();

  await page.keyboard.press("Control+Shift+Z");
  await expect(card.getByTestId("media-image")).toBeVisible();
  await saved(page);
  await expect.poll(() => firstQuestionMedia(page, quiz)).toMatch(/\.png$/);
  // The picture is back and loads (the 1×1 one uploaded).
  const image = card.getByTestId("media-image");
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1);
});

test("a video upload shows its upload, compression and optimisation phases", async ({ page }) => {
  test.setTimeout(150_000);
  const work = mkdtempSync(path.join(tmpdir(), "leadquiz-e2e-video-"));
  try {
    const file = path.join(work, "clip.mov");
    const made = spawnSync(
      "ffmpeg",
      [
        ...["-hide_banner", "-loglevel", "error", "-y"],
        ...["-f", "lavfi", "-i", "testsrc=duration=6:size=960x540:rate=25"],
        ...["-f", "lavfi", "-i", "sine=frequency=440:duration=6"],
        ...["-c:v", "mpeg4", "-q:v", "3", "-c:a", "aac", "-shortest", file],
      ],
      { encoding: "utf8" },
    );
    expect(made.status, made.stderr).toBe(0);

    const quiz = await newQuiz(page);
    await page.goto(`/quiz/${quiz}/results`);
    await page.getByRole("button", { name: "Add result" }).click();
    const slot = page.getByTestId("media-field-media");
    // Every phase the panel shows, in order (they may pass quickly on a fast machine).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { phases: string[] }).phases = seen;
      new MutationObserver(() => {
        const phase = document
          .querySelector("[data-testid=video-phase]")
          ?.getAttribute("data-phase");
        if (phase && seen.at(-1) !== phase) seen.push(phase);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await slot.getByTestId("media-file-input").setInputFiles({
      name: "clip.mov",
      mimeType: "video/quicktime",
      buffer: readFileSync(file),
    });
    // The local file shows at once; then the server's phases.
    await expect(slot.getByTestId("media-video")).toBeVisible();
    const phase = slot.getByTestId("video-phase");
    await expect(phase).toBeVisible({ timeout: 30_000 });
    await expect(phase.getByText("Compression")).toBeVisible();
    await expect(phase.getByText("Optimisation")).toBeVisible();
    await expect(slot.getByTestId("video-phase-text")).toHaveText(
      /waits for its turn|Compressing the video|Optimising the video|The video is ready/,
    );
    await expectNoViolations(page, "results, video compressing");
    await expect(phase).toHaveAttribute("data-phase", "ready", { timeout: 90_000 });
    await expect(slot.getByTestId("video-phase-text")).toHaveText(
      "The video is ready: compressed and optimised for fast playback.",
    );
    const phases = await page.evaluate(() => (window as unknown as { phases: string[] }).phases);
    expect(phases.at(-1)).toBe("ready");
    expect(phases.some((p) => ["queued", "compressing", "optimising"].includes(p))).toBe(true);
    // The slot now plays the compressed MP4.
    await expect(slot.getByTestId("media-video")).toHaveAttribute("src", /\.mp4$/);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
