import { expect, type Page, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { registerThroughUi, uniqueEmail } from "./support/users";

/**
 * The owner app's public pages pass axe-core's WCAG 2.2 A/AA rules with the default theme
 * (secondary text and links included), in English and Russian. The signed-in dashboard
 * and editor are checked in dashboard.spec.ts. Modals honour a request for reduced motion.
 */
for (const language of ["en", "ru"] as const) {
  test(`login and registration have no WCAG A/AA violations (${language})`, async ({ page }) => {
    await page.goto(`/login?lang=${language}`);
    await expect(page.getByTestId("login-submit")).toBeVisible();
    await expectNoViolations(page, `login (${language})`);

    await page.goto(`/registration?lang=${language}`);
    await expect(page.getByRole("checkbox")).toBeVisible();
    await expectNoViolations(page, `registration (${language})`);

    // With the error messages showing.
    await page.getByRole("button", { name: language === "en" ? "Sign up" : /Зарегистр/ }).click();
    await expectNoViolations(page, `registration with errors (${language})`);
  });
}

/**
 * The opacity of the dialog `name` in every frame while `open()` opens it (frames after
 * it is in the document), until `frames` have been seen.
 */
async function opacityWhileOpening(
  page: Page,
  name: string,
  open: () => Promise<void>,
  frames = 20,
): Promise<number[]> {
  await page.evaluate(
    ([wanted, enough]) => {
      const seen: number[] = [];
      (window as unknown as { opacities: number[] }).opacities = seen;
      const sample = () => {
        const dialog = Array.from(document.querySelectorAll('[role="dialog"]')).find(
          (element) =>
            document.getElementById(element.getAttribute("aria-labelledby") ?? "")?.textContent ===
            wanted,
        );
        if (dialog) seen.push(Number(getComputedStyle(dialog).opacity));
        if (seen.length < enough) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    },
    [name, frames] as const,
  );
  await open();
  await expect(page.getByRole("dialog", { name })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { opacities: number[] }).opacities.length),
    )
    .toBeGreaterThanOrEqual(frames);
  return page.evaluate(() => (window as unknown as { opacities: number[] }).opacities);
}

test("modals open without motion when the system asks for less of it", async ({ page }) => {
  await registerThroughUi(page, uniqueEmail("motion"));
  await page.getByRole("button", { name: "Create my first quiz" }).click();
  await expect(page).toHaveURL(/\/quiz\/\d+\/questions$/);
  const instructions = "How to share your quiz";
  const openInstructions = () => page.getByTestId("editor-instructions").click();

  // As most owners see it: the dialog fades in (and slides down).
  const animated = await opacityWhileOpening(page, instructions, openInstructions);
  expect(Math.min(...animated)).toBeLessThan(1);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: instructions })).toHaveCount(0);

  // Asked for less motion: drawn fully open from its first frame.
  await page.emulateMedia({ reducedMotion: "reduce" });
  const still = await opacityWhileOpening(page, instructions, openInstructions);
  expect(still.every((opacity) => opacity === 1)).toBe(true);
});
