import { expect, type FrameLocator, type Page, test } from "@playwright/test";
import {
  addQuestion,
  asSignedInOwner,
  chooseOption,
  collapse,
  editorQuizId,
  previewOf,
  publishFromModal,
  saved,
  setField,
} from "./support/editor-ui";
import { ownClientAddress, registerThroughUi, uniqueEmail } from "./support/users";

/**
 * Issue 9's journey, through the UI only against the real server: a new user signs up,
 * creates a project and a quiz, builds it with the seven question types, a condition, a
 * formula result with an output table, a contact form and a bonus, watches the live
 * preview follow each step and walks through it, publishes it from the publish modal;
 * then a visitor in another browser context completes it on the public link, and the
 * owner's leads (`GET leadslist/`, `GET lead_answers/{id}/`) hold the lead with its result.
 */

const TEXT = {
  start: "Find your sofa",
  q1: "Who is the sofa for?",
  q1Answers: ["A family", "Just me"],
  q2: "Which style?",
  q2Answers: ["Modern", "Classic"],
  q3: "Which city?",
  q3Answers: ["Kyiv", "Lviv"],
  q4: "Anything else we should know?",
  q5: "How important is comfort?",
  q6: "When do you need it?",
  q7: "How many seats?",
  result: "Your sofa",
  small: "A cosy two-seater",
  large: "A large corner sofa",
  formTitle: "Where shall we send your offer?",
  bonus: "A free design project",
} as const;

/** Where the runtime runs: the editor's preview frame or the visitor's page. */
type Runtime = Pick<Page, "getByRole" | "getByLabel" | "getByText">;

/** Next on a question (the runtime's primary button). */
async function next(frame: Runtime) {
  await frame.getByRole("button", { name: "Next" }).click();
}

/**
 * Walks the quiz in the runtime (preview or public page) up to the contact form: on the
 * "family" path the condition shows question 3, on the other it is skipped.
 */
async function answerQuestions(frame: Runtime, path: { family: boolean; seats: number }) {
  await expect(frame.getByRole("heading", { name: TEXT.start })).toBeVisible();
  await frame.getByRole("button", { name: "Start" }).click();
  await expect(frame.getByRole("heading", { name: TEXT.q1 })).toBeVisible();
  await frame.getByRole("radio", { name: path.family ? "A family" : "Just me" }).click();
  await next(frame);
  await expect(frame.getByRole("heading", { name: TEXT.q2 })).toBeVisible();
  await frame.getByRole("radio", { name: "Classic" }).click();
  await next(frame);
  if (path.family) {
    await expect(frame.getByRole("heading", { name: TEXT.q3 })).toBeVisible();
    await frame.getByRole("combobox", { name: TEXT.q3 }).selectOption({ label: "Lviv" });
    await next(frame);
  }
  await expect(frame.getByRole("heading", { name: TEXT.q4 })).toBeVisible();
  await frame.getByRole("textbox", { name: TEXT.q4 }).fill("A sofa bed, please");
  await next(frame);
  await expect(frame.getByRole("heading", { name: TEXT.q5 })).toBeVisible();
  await frame.getByRole("radio", { name: /^4 of \d+$/ }).click();
  await next(frame);
  await expect(frame.getByRole("heading", { name: TEXT.q6 })).toBeVisible();
  await frame.getByLabel(TEXT.q6).fill("2027-03-01");
  await next(frame);
  await expect(frame.getByRole("heading", { name: TEXT.q7 })).toBeVisible();
  const slider = frame.getByRole("slider", { name: TEXT.q7 });
  await slider.focus();
  for (let step = 0; step < path.seats; step += 1) await slider.press("ArrowRight");
  await expect(slider).toHaveValue(String(path.seats));
  await next(frame);
}

/** Fills the contact form (the bonus shows beside it) and sends it. */
async function sendContacts(frame: Runtime, name: string, email: string) {
  await expect(frame.getByRole("heading", { name: TEXT.formTitle })).toBeVisible();
  await expect(frame.getByText(TEXT.bonus)).toBeVisible();
  await frame.getByLabel(/^Name/).fill(name);
  await frame.getByLabel(/^Phone/).fill("+48601234567");
  await frame.getByLabel(/^E-mail/).fill(email);
  await frame.getByRole("checkbox", { name: /privacy policy/ }).check();
  await frame.getByRole("button", { name: "Send" }).click();
}

/** The results screen (after the form) shows the output table's text; then the end. */
async function seeResultAndEnd(frame: Runtime, shown: string) {
  await expect(frame.getByRole("heading", { name: "Your result" })).toBeVisible();
  await expect(frame.getByText(shown)).toBeVisible();
  await next(frame);
  await expect(frame.getByRole("heading", { name: "Thank you!" })).toBeVisible();
}

/** The first run's button makes a project and a quiz; the project is then named. */
async function createProjectAndQuiz(page: Page): Promise<number> {
  await registerThroughUi(page, uniqueEmail("journey"));
  await page.getByRole("button", { name: "Create my first quiz" }).click();
  await expect(page).toHaveURL(/\/quiz\/\d+\/questions$/);
  const quizId = editorQuizId(page);
  await page.getByTestId("editor-nav-back").click();
  await page.getByRole("button", { name: "Actions of project My project" }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  await page.getByRole("textbox", { name: "Project name" }).fill("Sofa shop");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "Sofa shop", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "New quiz", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/quiz/${quizId}/questions$`));
  return quizId;
}

async function buildQuestions(page: Page, preview: FrameLocator) {
  // The start page, and the preview shows it.
  await page.getByRole("tab", { name: "Start page" }).click();
  await setField(page.getByTestId("questions-page"), "start-title", TEXT.start);
  await expect(preview.getByRole("heading", { name: TEXT.start })).toBeVisible();
  await page.getByRole("tab", { name: "Questions" }).click();

  await collapse(await addQuestion(page, "List", TEXT.q1, TEXT.q1Answers));
  await collapse(await addQuestion(page, "Cards", TEXT.q2, TEXT.q2Answers));
  await collapse(await addQuestion(page, "Drop-down", TEXT.q3, TEXT.q3Answers));
  await collapse(await addQuestion(page, "Own answer", TEXT.q4));
  await collapse(await addQuestion(page, "Rating scale", TEXT.q5));
  await collapse(await addQuestion(page, "Date", TEXT.q6));
  const slider = await addQuestion(page, "Slider", TEXT.q7);
  await setField(slider, "option-max", "10");
  await saved(page);
  await collapse(slider);
  // The preview follows: Start leads to the first question.
  await preview.getByRole("button", { name: "Start" }).click();
  await expect(preview.getByRole("heading", { name: TEXT.q1 })).toBeVisible();
  await expect(preview.getByRole("radio", { name: "A family" })).toBeVisible();

  // Logic: question 3 only for a family.
  await page.getByRole("tab", { name: "Logic setup" }).click();
  const logic3 = page.getByTestId("logic-question-3");
  const form = logic3.getByTestId("new-condition");
  await chooseOption(page, form.getByTestId("condition-ref"), `1. ${TEXT.q1}`);
  // Mid-screen: at the bottom the editor's footer would take the click.
  const answers = form.getByTestId("condition-answers");
  await answers.evaluate((input) => input.scrollIntoView({ block: "center" }));
  await answers.click({ force: true });
  await page.getByRole("option", { name: "A family", exact: true }).click();
  await page.keyboard.press("Escape");
  await form.getByTestId("condition-add").click();
  await expect(logic3.getByTestId("condition-1")).toContainText("A family");
  await saved(page);
}

async function buildResult(page: Page) {
  await page.getByTestId("editor-nav-results").click();
  await page.getByRole("button", { name: "Add result" }).click();
  await page.getByLabel("Title").fill(TEXT.result);
  await page.getByLabel("Button text").click();
  await expect(page.getByTestId("result-item")).toHaveText(`1. ${TEXT.result}`);

  // Value: seats × 1000, shown through the output table.
  await page.getByRole("tab", { name: "Value assignment" }).click();
  await page.getByText("Formula", { exact: true }).click();
  await page.getByRole("textbox", { name: "Question" }).click();
  await page.getByRole("option", { name: `Q7 “${TEXT.q7}”` }).click();
  await page.getByRole("button", { name: "Insert question" }).click();
  await page.getByRole("button", { name: "Insert multiply" }).click();
  await page.getByRole("textbox", { name: "Number" }).fill("1000");
  await page.getByRole("button", { name: "Insert number" }).click();
  await expect(page.getByTestId("formula-text")).toHaveText(`Q7 “${TEXT.q7}” × 1000`);
  await expect(page.getByTestId("formula-verdict")).toHaveText("The formula is valid.");
  await page.getByLabel("Show the computed value").click();
  await expect(page.getByLabel("Show the computed value")).toBeChecked();
  const rows: [string, string, string][] = [
    ["0", "2500", TEXT.small],
    ["2501", "10000", TEXT.large],
  ];
  for (const [index, [from, to, text]] of rows.entries()) {
    await page.getByRole("button", { name: "Add row" }).click();
    const row = page.getByTestId("output-row").nth(index);
    await row.getByLabel("From").fill(from);
    await row.getByLabel("To").fill(to);
    await row.getByLabel("Shown text").fill(text);
    await row.getByLabel("From").click();
    await saved(page);
  }
}

async function buildContactFormAndBonus(page: Page) {
  await page.getByTestId("editor-nav-form-contacts").click();
  await expect(page.getByRole("heading", { name: "Contact form", level: 1 })).toBeVisible();
  await page.getByLabel("Form title").fill(TEXT.formTitle);
  await page.getByLabel("Privacy policy link").fill("https://example.com/privacy");
  await page.getByLabel("Form title").click();
  const email = page.getByRole("switch", { name: "The field E-mail is required" });
  await email.click();
  await expect(email).toBeChecked();
  await saved(page);

  await page.getByTestId("editor-nav-addition").click();
  await page.getByRole("button", { name: "Add: Bonus" }).click();
  const bonus = page.getByTestId("addition-1");
  await bonus.getByLabel("Name").fill(TEXT.bonus);
  await bonus.getByLabel("Discount amount (e.g. 10% or 500 USD)").click();
  await saved(page);
}

test.use({ actionTimeout: 20_000 });

interface LeadRow {
  id: number;
  quiz: number;
}
interface LeadDetail {
  contacts: { name: string; email: string };
  answers: { question: string; answer: string }[];
  results: { title: string; value: string | number | null }[];
}

test("a new user builds a quiz in the editor, publishes it, and a visitor's lead holds the result", async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const quizId = await createProjectAndQuiz(page);
  const preview = previewOf(page);

  await buildQuestions(page, preview);
  await buildResult(page);
  await buildContactFormAndBonus(page);

  // The preview walks the whole quiz as it stands: the family path shows question 3, the
  // form with the bonus, then the computed result through the output table.
  await page.getByTestId("preview-restart").click();
  await answerQuestions(preview, { family: true, seats: 2 });
  await sendContacts(preview, "Preview Owner", "owner@example.com");
  await seeResultAndEnd(preview, TEXT.small);

  const url = await publishFromModal(page);

  // A visitor, in a browser context of their own, on the public link.
  const visitorContext = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": ownClientAddress() },
  });
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(url);
    await answerQuestions(visitor, { family: false, seats: 3 });
    await sendContacts(visitor, "Vera Visitor", "vera@example.com");
    await seeResultAndEnd(visitor, TEXT.large);
  } finally {
    await visitorContext.close();
  }

  // The owner's leads: one lead of this quiz, with its answers and the computed result.
  const list = await asSignedInOwner<{ results: LeadRow[] }>(page, "GET", "/leadslist/");
  const leads = list.results.filter((lead) => lead.quiz === quizId);
  expect(leads).toHaveLength(1);
  const [lead] = leads;
  if (!lead) throw new Error("no lead");
  await asSignedInOwner(page, "POST", "/update-lead-tariff/", { lead: lead.id });
  const detail = await asSignedInOwner<LeadDetail>(page, "GET", `/lead_answers/${lead.id}/`);
  expect(detail.contacts).toMatchObject({ name: "Vera Visitor", email: "vera@example.com" });
  expect(detail.answers.map((answer) => answer.question)).toEqual([
    TEXT.q1,
    TEXT.q2,
    TEXT.q4,
    TEXT.q5,
    TEXT.q6,
    TEXT.q7,
  ]);
  expect(detail.answers[0]?.answer).toBe("Just me");
  expect(detail.results).toEqual([
    expect.objectContaining({ title: TEXT.result, value: TEXT.large }),
  ]);
});
