import { expect, type Locator, type Page, test } from "@playwright/test";
import { leadsOfQuiz } from "./support/e2e-database";
import { hostPage, recordedEvents, serveHostSite } from "./support/host-page";
import {
  type BranchingQuiz,
  configureEmbed,
  publishBranchingQuiz,
  sendContacts,
  startQuiz,
  TEXTS,
  takePath,
} from "./support/quiz-builder";

/**
 * The branching quiz on an owner's site through `/embed.js`: the host page is served by a
 * real server of its own (another origin), with the snippet the server generated from the
 * publication config; the quiz runs in the loader's iframe.
 */

const quizFrame = (page: Page, quiz: BranchingQuiz) =>
  page.frameLocator(`iframe[title="${quiz.title}"]`);

test("popup opened by the site's button: the visitor completes the quiz and the host page hears the lead", async ({
  page,
}) => {
  const quiz = await publishBranchingQuiz();
  const snippets = await configureEmbed(quiz.id, {
    popup: { enabled: true, open: "button", button_id: "get-price" },
  });
  expect(snippets.popup).toContain('data-button-id="get-price"');
  const site = await serveHostSite({
    "/sofas": hostPage(
      "Sofas shop",
      `<p>Not sure which sofa?</p><button id="get-price" type="button">Find my sofa</button>\n${snippets.popup}`,
    ),
  });
  try {
    const address = `${site.url("/sofas")}?utm_source=host-site&utm_campaign=sofas`;
    await page.goto(address);
    // Nothing opens by itself and no iframe is made before the button is pressed.
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.locator("iframe")).toHaveCount(0);

    await page.getByRole("button", { name: "Find my sofa" }).click();
    const dialog = page.getByRole("dialog", { name: quiz.title });
    await expect(dialog).toBeVisible();
    const frame = quizFrame(page, quiz);
    await takePath(frame, quiz, "a");
    await sendContacts(frame, {
      name: "Host Visitor",
      phone: "+12025550143",
      email: "host.visitor@example.com",
    });
    await expect(frame.getByRole("heading", { name: "Thank you!" })).toBeVisible();

    // `Leadquiz.on('lead', fn)` fired on the host page with the stored lead's id.
    await expect
      .poll(async () => (await recordedEvents(page)).filter((e) => e.name === "lead").length)
      .toBe(1);
    const lead = (await recordedEvents(page)).find((e) => e.name === "lead");
    const [stored] = await leadsOfQuiz(quiz.id);
    expect(stored).toBeDefined();
    expect(lead).toMatchObject({ publicKey: quiz.publicKey, mode: "popup", lead: stored?.id });
    // Where the visitor was: the host page, not the iframe.
    expect(stored).toMatchObject({
      page_url: address,
      utm: { utm_source: "host-site", utm_campaign: "sofas" },
      name: "Host Visitor",
    });
    expect(stored?.results).toEqual([expect.objectContaining({ title: quiz.resultA.title })]);
  } finally {
    await site.close();
  }
});

test("popup opening automatically after its delay", async ({ page }) => {
  const quiz = await publishBranchingQuiz();
  const snippets = await configureEmbed(quiz.id, {
    popup: { enabled: true, open: "auto", delay_seconds: 1 },
  });
  expect(snippets.popup).toContain('data-delay="1"');
  const site = await serveHostSite({
    "/": hostPage("Auto popup", `<p>Welcome</p>\n${snippets.popup}`),
  });
  try {
    await page.goto(site.url());
    const dialog = page.getByRole("dialog", { name: quiz.title });
    await expect(dialog).toBeVisible();
    const opened = (await recordedEvents(page)).find((e) => e.name === "open");
    // Measured on the host page from its first script: not before the configured second.
    expect(opened?.at).toBeGreaterThanOrEqual(1000);
    await expect(
      quizFrame(page, quiz).getByRole("heading", { name: TEXTS.startTitle }),
    ).toBeVisible();

    // The close button hides it; it does not come back by itself on this page view.
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await expect(dialog).toBeHidden();
  } finally {
    await site.close();
  }
});

test("inline: the quiz sits in the page and the iframe's height follows each screen", async ({
  page,
}) => {
  const quiz = await publishBranchingQuiz();
  const snippets = await configureEmbed(quiz.id, { body: { enabled: true } });
  expect(snippets.inline).toContain('data-mode="inline"');
  const site = await serveHostSite({
    "/": hostPage("Inline quiz", `<p>Our quiz:</p>\n${snippets.inline}\n<footer>Footer</footer>`),
  });
  try {
    await page.goto(site.url());
    const iframe = page.locator(`iframe[title="${quiz.title}"]`);
    const frame = quizFrame(page, quiz);
    await expect(frame.getByRole("heading", { name: TEXTS.startTitle })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    const startHeight = await settledHeight(iframe);
    await takePath(frame, quiz, "b");
    await frame.getByRole("button", { name: "Next" }).click();
    await expect(
      frame.getByRole("heading", { name: "Where should we send the result?" }),
    ).toBeVisible();
    const formHeight = await settledHeight(iframe);
    // The contact form (three fields and the consent) is taller than the start page, and
    // the iframe grew with it (it started at the reserved data-min-height, 500 px).
    expect(formHeight).toBeGreaterThan(startHeight);
    // The page below the quiz moved with it: nothing overlaps, nothing is cut.
    const footer = await page.getByText("Footer").boundingBox();
    const box = await iframe.boundingBox();
    expect(footer && box && footer.y >= box.y + box.height).toBe(true);
  } finally {
    await site.close();
  }
});

test("trigger: a click on the trigger opens the quiz in a dialog", async ({ page }) => {
  const quiz = await publishBranchingQuiz();
  const snippets = await configureEmbed(quiz.id, {
    trigger: {
      enabled: true,
      format: "icon",
      position: "right",
      text: "Pick a sofa",
      message_text: "Two questions, one sofa",
      open_on_click: true,
    },
  });
  expect(snippets.trigger).toContain('data-mode="trigger"');
  const site = await serveHostSite({
    "/": hostPage("Trigger", `<p>Shop</p>\n${snippets.trigger}`),
  });
  try {
    await page.goto(site.url());
    const trigger = page.getByRole("button", { name: "Pick a sofa" });
    await expect(trigger).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await trigger.click();
    const dialog = page.getByRole("dialog", { name: quiz.title });
    await expect(dialog).toBeVisible();
    const frame = quizFrame(page, quiz);
    await startQuiz(frame, quiz);

    // Closing keeps the iframe: reopened, the visitor is where they left off.
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await expect(dialog).toBeHidden();
    await trigger.click();
    await expect(dialog).toBeVisible();
    await expect(frame.getByRole("heading", { name: quiz.q1.title })).toBeVisible();
    expect((await recordedEvents(page)).filter((e) => e.name === "open").length).toBe(2);
  } finally {
    await site.close();
  }
});

/**
 * The iframe's height once it matches the content the quiz reported (`resize` messages
 * carry the bottom of the quiz's element in the frame, rounded up).
 */
async function settledHeight(iframe: Locator): Promise<number> {
  const frame = await (await iframe.elementHandle())?.contentFrame();
  if (!frame) throw new Error("the quiz iframe has no frame");
  const content = () =>
    frame.evaluate(() => {
      const script = document.querySelector("script[data-leadquiz]");
      const target = JSON.parse(script?.textContent ?? "{}").target as string;
      const element = document.getElementById(target);
      return element ? Math.ceil(element.getBoundingClientRect().bottom + window.scrollY) : -1;
    });
  const height = async () => Math.round((await iframe.boundingBox())?.height ?? 0);
  let expected = -1;
  await expect
    .poll(async () => {
      expected = await content();
      return (await height()) === expected;
    })
    .toBe(true);
  return expected;
}
