import { expect, type Locator, type Page } from "@playwright/test";

/**
 * The dialog named `name` (the only dialog, without a name) once it has finished opening.
 * Mantine's modal fades in and slides 30 px down over 200 ms; Playwright may find its
 * button steady in the frame before the slide starts and press where the button was,
 * beside it (a confirmation's "Publish" was missed so once, on a busy machine). Fully
 * open, the dialog is at opacity 1.
 */
export async function openedDialog(page: Page, name?: string | RegExp): Promise<Locator> {
  const dialog = name === undefined ? page.getByRole("dialog") : page.getByRole("dialog", { name });
  await expect(dialog).toHaveCSS("opacity", "1");
  return dialog;
}

/** Confirms a purchase from the balance in its dialog ("Pay $9.00"), once it is open. */
export async function confirmPurchase(page: Page, price = "$9.00"): Promise<void> {
  const dialog = await openedDialog(page, /^Buy /);
  await dialog.getByRole("button", { name: `Pay ${price}` }).click();
}
