import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { openedDialog } from "./support/dialogs";
import { registerThroughUi, uniqueEmail } from "./support/users";

/**
 * The questions section of the quiz editor (issue 9), through the UI only against the real
 * server: every question type with its options and answers, a condition, reordering by
 * keyboard, the confirmations, a refused edit, undo, and axe on both sub-tabs.
 */

const card = (page: Page, n: number) => page.getByTestId(`question-${n}`);

async function addQuestion(page: Page, typeName: string, title: string): Promise<Locator> {
  const before = await page.getByTestId("question-list").locator(":scope > div").count();
  await page.getByTestId("add-question").click();
  await page.getByRole("menuitem", { name: new RegExp(`^${typeName}`) }).click();
  const added = card(page, before + 1);
  await expect(added.getByTestId("question-editor")).toBeVisible();
  const field = added.getByTestId("question-title");
  await field.fill(title);
  await field.blur();
  await expect(added.getByTestId("question-toggle")).toContainText(title);
  return added;
}

async function startQuiz(page: Page) {
  await registerThroughUi(page, uniqueEmail("questions"));
  await page.getByRole("button", { name: "Create my first quiz" }).click();
  await expect(page).toHaveURL(/\/quiz\/\d+\/questions$/);
  await expect(page.getByTestId("questions-empty")).toBeVisible();
}

/** Question 1: a List "Your budget?" with the answers Small and Big. */
async function addBudgetQuestion(page: Page): Promise<Locator> {
  const list = await addQuestion(page, "List", "Your budget?");
  await setField(list, "answer-1-text", "Small");
  await setField(list, "answer-2-text", "Big");
  return list;
}

/** Drags `handle` onto `target` with one finger (touch events over CDP). */
async function touchDrag(page: Page, handle: Locator, target: Locator) {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error("the cards are not laid out");
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number, y: number) =>
    cdp.send("Input.dispatchTouchEvent", {
      type,
      touchPoints: type === "touchEnd" ? [] : [{ x, y }],
    });
  const [x0, y0] = [from.x + from.width / 2, from.y + from.height / 2];
  const [x1, y1] = [to.x + 40, to.y + to.height / 2];
  await touch("touchStart", x0, y0);
  for (let step = 1; step <= 10; step += 1) {
    await touch("touchMove", x0 + ((x1 - x0) * step) / 10, y0 + ((y1 - y0) * step) / 10);
  }
  await touch("touchEnd", x1, y1);
  await cdp.detach();
}

async function saved(page: Page) {
  await expect(page.getByTestId("editor-save-state")).not.toContainText("Saving");
}

/** Types into a field and leaves it (the change is written when the field is left). */
async function setField(scope: Locator, testId: string, value: string) {
  const field = scope.getByTestId(testId);
  await field.fill(value);
  await field.blur();
}

/**
 * Turns a switch or checkbox on. The editor's switches show the cache, which updates a tick
 * after the click, so Playwright's check() (which reads the state at once) is not used.
 */
async function switchOn(control: Locator) {
  await control.click();
  await expect(control).toBeChecked();
}

/** Opens a multi-select (its chosen pills cover part of the inner text field). */
async function openMultiSelect(input: Locator) {
  await input.click({ force: true });
}

async function collapse(question: Locator) {
  await question.getByTestId("question-toggle").click();
  await expect(question.getByTestId("question-editor")).toHaveCount(0);
}

async function chooseOption(page: Page, select: Locator, name: string) {
  await select.click();
  await page.getByRole("option", { name, exact: true }).click();
}

test("an owner adds questions of all seven types with their options and answers", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await startQuiz(page);

  // 1 List: answers (add, texts, points, correct) and multiple choice.
  const list = await addBudgetQuestion(page);
  await list.getByTestId("add-answer").click();
  await expect(list.getByTestId("answer-3")).toBeVisible();
  await setField(list, "answer-3-text", "Huge");
  await setField(list, "answer-2-points", "10");
  await switchOn(list.getByTestId("answer-2-correct"));
  await switchOn(list.getByTestId("option-multi_answers"));
  await saved(page);
  await collapse(list);

  // 2 Cards: image format, yes/no format and own answer.
  const cards = await addQuestion(page, "Cards", "Which style?");
  await chooseOption(page, cards.getByTestId("option-image_format"), "Landscape");
  await switchOn(cards.getByTestId("option-own_answer"));
  await saved(page);
  await collapse(cards);

  // 3 Drop-down: placeholder, required.
  const select = await addQuestion(page, "Drop-down", "Which city?");
  await setField(select, "option-placeholder", "Pick a city");
  await switchOn(select.getByTestId("question-required"));
  await saved(page);
  await collapse(select);

  // 4 Own answer: placeholder and a button text.
  const text = await addQuestion(page, "Own answer", "Tell us more");
  await setField(text, "option-placeholder", "A few words");
  await setField(text, "question-button-text", "Continue");
  await saved(page);
  await collapse(text);

  // 5 Rating: seven points; 11 is refused under the field before anything is sent.
  const rating = await addQuestion(page, "Rating scale", "How sure are you?");
  await setField(rating, "option-quantity_of_answers", "11");
  await expect(rating.getByText("A question must have from 2 to 10 answers")).toBeVisible();
  await setField(rating, "option-quantity_of_answers", "7");
  await expect(rating.getByText("A question must have from 2 to 10 answers")).toHaveCount(0);
  await saved(page);
  await collapse(rating);

  // 6 Date: a range with time.
  const date = await addQuestion(page, "Date", "When to start?");
  await switchOn(date.getByTestId("option-date_range"));
  await switchOn(date.getByTestId("option-time"));
  await saved(page);
  await collapse(date);

  // 7 Slider: min, max, step (the step rule of the engine), two-sided, unit.
  const slider = await addQuestion(page, "Slider", "Area?");
  await setField(slider, "option-max", "1000");
  await setField(slider, "option-step", "7");
  await expect(
    slider.getByText("The difference between the maximum and the minimum must be divisible"),
  ).toBeVisible();
  await setField(slider, "option-step", "10");
  await switchOn(slider.getByTestId("option-two_sided"));
  await chooseOption(page, slider.getByTestId("option-unit"), "Square metres");
  await saved(page);
  await collapse(slider);

  // Everything was stored: re-read after a reload.
  await page.reload();
  await expect(page.getByTestId("question-7")).toContainText("Area?");
  await card(page, 1).getByTestId("question-toggle").click();
  await expect(card(page, 1).getByTestId("answer-3-text")).toHaveValue("Huge");
  await expect(card(page, 1).getByTestId("answer-2-points")).toHaveValue("10");
  await expect(card(page, 1).getByTestId("answer-2-correct")).toBeChecked();
  await expect(card(page, 1).getByTestId("option-multi_answers")).toBeChecked();
  await collapse(card(page, 1));
  await card(page, 7).getByTestId("question-toggle").click();
  await expect(card(page, 7).getByTestId("option-step")).toHaveValue("10");
  await expect(card(page, 7).getByTestId("option-unit")).toHaveValue("Square metres");
  await expect(card(page, 7).getByTestId("option-two_sided")).toBeChecked();
  await collapse(card(page, 7));
  await card(page, 2).getByTestId("question-toggle").click();
  await expect(card(page, 2).getByTestId("option-image_format")).toHaveValue("Landscape");
  await expectNoViolations(page, "questions tab, a question opened");
  await collapse(card(page, 2));
});

test("logic, start page, confirmations, a refused edit, keyboard reorder and undo", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await startQuiz(page);
  const list = await addBudgetQuestion(page);
  await switchOn(list.getByTestId("option-multi_answers"));
  await saved(page);
  await collapse(list);
  await collapse(await addQuestion(page, "Cards", "Which style?"));
  await collapse(await addQuestion(page, "Drop-down", "Which city?"));
  await collapse(await addQuestion(page, "Own answer", "Tell us more"));
  await collapse(await addQuestion(page, "Rating scale", "How sure are you?"));

  // Logic: the first question offers none; question 2 gets a condition on question 1.
  await page.getByRole("tab", { name: "Logic setup" }).click();
  await expect(page).toHaveURL(/tab=logic/);
  await expect(page.getByTestId("logic-question-1")).toContainText(
    "The first question cannot have conditions",
  );
  const logic2 = page.getByTestId("logic-question-2");
  const addCondition = async (answer: string) => {
    const form = logic2.getByTestId("new-condition");
    await chooseOption(page, form.getByTestId("condition-ref"), "1. Your budget?");
    await openMultiSelect(form.getByTestId("condition-answers"));
    await page.getByRole("option", { name: answer, exact: true }).click();
    await page.keyboard.press("Escape");
    await form.getByTestId("condition-add").click();
  };
  await addCondition("Big");
  await expect(logic2.getByTestId("condition-1")).toContainText("Big");
  // Text questions cannot be referenced: question 5 is not offered question 4.
  await page.getByTestId("logic-question-5").getByTestId("condition-ref").click();
  await expect(page.getByRole("option", { name: "4. Tell us more" })).toHaveCount(0);
  await expect(page.getByRole("option", { name: "3. Which city?" })).toBeVisible();
  await page.keyboard.press("Escape");

  // A duplicate is refused with the server's message.
  await addCondition("Big");
  await expect(logic2.getByTestId("new-condition").getByTestId("condition-refusal")).toHaveText(
    "The same condition already exists",
  );
  await expect(logic2.getByTestId("condition-2")).toHaveCount(0);

  // A refused edit rolls back and says why: condition 2 made equal to condition 1.
  await openMultiSelect(logic2.getByTestId("new-condition").getByTestId("condition-answers"));
  await page.getByRole("option", { name: "Big", exact: true }).click();
  await page.getByRole("option", { name: "Small", exact: true }).click();
  await page.keyboard.press("Escape");
  await logic2.getByTestId("new-condition").getByTestId("condition-add").click();
  const second = logic2.getByTestId("condition-2");
  await expect(second).toContainText("Small");
  await openMultiSelect(second.getByTestId("condition-answers"));
  await page.getByRole("option", { name: "Big", exact: true }).click();
  await saved(page);
  await page.getByRole("option", { name: "Small", exact: true }).click();
  await page.keyboard.press("Escape");
  await expect(second.getByTestId("condition-refusal")).toHaveText(
    "The same condition already exists",
  );
  await expect(second).toContainText("Small");
  await expect(
    page.getByText("The change was not saved: The same condition already exists").last(),
  ).toBeVisible();
  await expectNoViolations(page, "logic tab");

  // The start page: its texts are kept.
  await page.getByRole("tab", { name: "Start page" }).click();
  await expect(page).toHaveURL(/tab=start/);
  await setField(page.getByTestId("questions-page"), "start-title", "Find your kitchen");
  await setField(page.getByTestId("questions-page"), "start-company_name", "Kitchens Ltd");
  await page.getByTestId("start-enabled").click();
  await expect(page.getByTestId("start-enabled")).not.toBeChecked();
  await saved(page);
  await page.reload();
  await expect(page.getByTestId("start-title")).toHaveValue("Find your kitchen");
  await expect(page.getByTestId("start-company_name")).toHaveValue("Kitchens Ltd");
  await expect(page.getByTestId("start-enabled")).not.toBeChecked();
  await expectNoViolations(page, "start page tab");

  // Multiple choice off asks first (AND conditions become OR).
  await page.getByRole("tab", { name: "Questions" }).click();
  await card(page, 1).getByTestId("question-toggle").click();
  await card(page, 1).getByTestId("option-multi_answers").click();
  const multiDialog = await openedDialog(page, "Turn off multiple choice?");
  await multiDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(card(page, 1).getByTestId("option-multi_answers")).toBeChecked();
  await card(page, 1).getByTestId("option-multi_answers").click();
  await multiDialog.getByRole("button", { name: "Turn off" }).click();
  await expect(card(page, 1).getByTestId("option-multi_answers")).not.toBeChecked();
  await saved(page);
  await collapse(card(page, 1));

  // A type change asks first, then discards the answers.
  const extra = await addQuestion(page, "List", "Temporary");
  await chooseOption(page, extra.getByTestId("question-type"), "Slider");
  const typeDialog = await openedDialog(page, "Change the type?");
  await expect(typeDialog).toContainText("All its answers are discarded");
  await typeDialog.getByRole("button", { name: "Change the type" }).click();
  await expect(extra.getByTestId("option-step")).toBeVisible();
  await expect(extra.getByTestId("add-answer")).toHaveCount(0);
  // Delete asks first. The dialog is mounted on its first opening (shared/ui/mount-on-open.ts):
  // focus still goes to Cancel, and Escape gives it back to the card's "⋯" button.
  await extra.getByTestId("question-actions").click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const deleteDialog = page.getByRole("dialog", { name: "Delete the question?" });
  await expect(deleteDialog.getByTestId("confirm-cancel")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(deleteDialog).toHaveCount(0);
  await expect(extra.getByTestId("question-actions")).toBeFocused();
  await extra.getByTestId("question-actions").click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await (await openedDialog(page, "Delete the question?")).getByTestId("confirm-ok").click();
  await expect(card(page, 6)).toHaveCount(0);
  // Undo brings it back at its place, with its type.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(card(page, 6)).toContainText("Temporary");
  await expect(card(page, 6)).toContainText("Slider");

  // Reorder by keyboard: the handle of question 3, Space, arrow down, Space; asks first.
  const handle = card(page, 3).getByTestId("drag-handle");
  await handle.focus();
  // Each key waits for the drag to answer, as a person waits to hear it: the handle is
  // pressed (the drag has started), then the live region names the new place, then the drop.
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByText("Question 3 would move to place 4.")).toBeAttached();
  await page.keyboard.press("Space");
  const moveDialog = await openedDialog(page, "Move the question?");
  await expect(moveDialog).toContainText("Output logic may be partly lost");
  await moveDialog.getByRole("button", { name: "Move" }).click();
  await expect(card(page, 4)).toContainText("Which city?");
  await expect(card(page, 3)).toContainText("Tell us more");
  await saved(page);
  await page.reload();
  await expect(card(page, 4)).toContainText("Which city?");

  // Dragging with the mouse asks the same; Cancel keeps the order. Right after the page
  // loads, so the cards are not bound to dnd-kit yet (they bind on first use or 2 s after the
  // list shows, docs/editor.md "Start time").
  const from = await card(page, 1).getByTestId("drag-handle").boundingBox();
  const to = await card(page, 3).boundingBox();
  if (!from || !to) throw new Error("the cards are not laid out");
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 10, from.y + 20, { steps: 5 });
  await page.mouse.move(to.x + 40, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect(moveDialog).toContainText("Question 1 will become question");
  await moveDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(card(page, 1)).toContainText("Your budget?");

  // Undo of a title change restores it on the server.
  await card(page, 1).getByTestId("question-toggle").click();
  await setField(card(page, 1), "question-title", "Budget, changed");
  await saved(page);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(card(page, 1).getByTestId("question-title")).toHaveValue("Your budget?");
  await saved(page);
  await page.reload();
  await expect(card(page, 1)).toContainText("Your budget?");

  // A touch drag right after the page loads asks the same (last: after touch input over CDP,
  // Chromium no longer starts a mouse drag on the handle in this page).
  await touchDrag(page, card(page, 1).getByTestId("drag-handle"), card(page, 3));
  await expect(moveDialog).toContainText("Question 1 will become question");
  await moveDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(card(page, 1)).toContainText("Your budget?");
});

test("Ctrl+Z brings back a deleted answer and takes back an added condition", async ({ page }) => {
  test.setTimeout(240_000);
  await startQuiz(page);
  const list = await addBudgetQuestion(page);
  await list.getByTestId("add-answer").click();
  await setField(list, "answer-3-text", "Huge");
  await saved(page);
  await list.getByRole("button", { name: "Delete answer 2" }).click();
  await expect(list.getByTestId("answer-2-text")).toHaveValue("Huge");
  await saved(page);
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("Control+z");
  await expect(list.getByTestId("answer-2-text")).toHaveValue("Big");
  await expect(list.getByTestId("answer-3-text")).toHaveValue("Huge");
  await saved(page);
  await collapse(list);
  await collapse(await addQuestion(page, "Rating scale", "How sure are you?"));

  await page.getByRole("tab", { name: "Logic setup" }).click();
  const logic2 = page.getByTestId("logic-question-2");
  const form = logic2.getByTestId("new-condition");
  await chooseOption(page, form.getByTestId("condition-ref"), "1. Your budget?");
  await openMultiSelect(form.getByTestId("condition-answers"));
  await page.getByRole("option", { name: "Big", exact: true }).click();
  await page.keyboard.press("Escape");
  await form.getByTestId("condition-add").click();
  await expect(logic2.getByTestId("condition-1")).toContainText("Big");
  await saved(page);
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("Control+z");
  await expect(logic2.getByTestId("condition-1")).toHaveCount(0);
  await saved(page);
  // The server holds it so: after a reload the answer is back and the condition gone.
  await page.reload();
  await expect(page.getByTestId("logic-question-2").getByTestId("condition-1")).toHaveCount(0);
  await page.getByRole("tab", { name: "Questions" }).click();
  await card(page, 1).getByTestId("question-toggle").click();
  await expect(card(page, 1).getByTestId("answer-2-text")).toHaveValue("Big");
});
