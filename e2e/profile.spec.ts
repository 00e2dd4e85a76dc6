import { expect, type Page, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { chooseLanguage, registerThroughUi, uniqueEmail } from "./support/users";

const COURSE_URL = "https://learn.leadquiz.test/quizzes-that-bring-leads";

/** A 1×1 PNG: a real picture the server's type check accepts. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** Both widths of a page: the desktop (1280) and a phone (375), then back to the desktop. */
async function shootBoth(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, `${name}-1280`);
  await page.setViewportSize({ width: 375, height: 812 });
  // Nothing wider than the phone's screen: the innermost elements that stick out, if any.
  await page.waitForTimeout(300); // the layout settles after the resize (Mantine's media queries)
  const wide = await page.evaluate(() => {
    const out = (element: Element) => element.getBoundingClientRect().right > window.innerWidth + 1;
    return (
      Array.from(document.querySelectorAll("body *"))
        // Toasts slide in from the right edge: not part of the page's layout.
        .filter((element) => !element.closest(".mantine-Notifications-root"))
        .filter((element) => out(element) && !Array.from(element.children).some(out))
        .slice(0, 5)
        .map(
          (element) =>
            `${element.tagName} ${element.className} ${element.textContent?.slice(0, 40)}`,
        )
    );
  });
  expect(wide).toEqual([]);
  await shoot(page, `${name}-375`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Picks a file through the button, as a person does in the file chooser. */
async function chooseFile(
  page: Page,
  button: ReturnType<Page["getByRole"]>,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const chooser = page.waitForEvent("filechooser");
  await button.click();
  await (await chooser).setFiles(file);
}

test("the course page lists its lessons and links out to the course platform", async ({ page }) => {
  await registerThroughUi(page, uniqueEmail("student"));
  await page.getByTestId("nav-courses").click();
  await page.getByTestId("nav-course").click();
  await expect(page).toHaveURL(/\/courses\/course$/);
  await expect(page.getByRole("heading", { name: "Course", level: 2 })).toBeVisible();
  await expect(page.getByTestId("course-lesson")).toHaveCount(9);
  await expect(page.getByTestId("course-lesson").first()).toContainText(
    "Why a quiz collects more leads than a form",
  );
  const open = page.getByRole("link", { name: /Open the course/ });
  await expect(open).toHaveAttribute("href", COURSE_URL);
  await expect(open).toHaveAttribute("target", "_blank");
  await expectNoViolations(page, "/courses/course");
  await shootBoth(page, "course-en");
});

test("a specialist fills the profile, goes public, adds a project and sees their place", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const last = `Kovalenko${stamp}`;
  await registerThroughUi(page, uniqueEmail("specialist"));
  await page.goto("/courses/profile");
  await expect(page.getByRole("heading", { name: "Specialist profile", level: 2 })).toBeVisible();
  await expectNoViolations(page, "/courses/profile private");

  // The texts.
  const form = page.getByTestId("profile-form");
  await form.getByLabel("First name").fill("Anna");
  await form.getByLabel("Last name").fill(last);
  await form.getByRole("textbox", { name: "Country" }).fill("Ukra");
  await page.getByRole("option", { name: "Ukraine" }).click();
  await form.getByLabel("City").fill("Kyiv");
  await form.getByLabel("Speciality").fill("Quiz marketer");
  await form.getByLabel("Work experience, years").fill("4");
  await form.getByRole("textbox", { name: "Languages" }).fill("Ukrain");
  await page.getByRole("option", { name: "Ukrainian" }).click();
  await form.getByRole("button", { name: "Save the profile" }).click();
  await expect(page.getByText("The profile is saved.")).toBeVisible();

  // A 20 MB photo: refused with a clear message, nothing sent.
  const patches: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PATCH" && request.url().includes("/profile/")) {
      patches.push(request.url());
    }
  });
  const photo = page.getByTestId("profile-photo-section");
  await chooseFile(page, photo.getByRole("button", { name: "Upload a photo" }), {
    name: "huge.png",
    mimeType: "image/png",
    buffer: Buffer.alloc(20 * 1024 * 1024, 1),
  });
  await expect(photo.getByTestId("avatar-error")).toHaveText(
    "The photo is larger than 5 MB. Choose a smaller file.",
  );
  expect(patches).toEqual([]);
  // A file that only claims to be a picture: the server refuses it, shown at the photo.
  await chooseFile(page, photo.getByRole("button", { name: "Upload a photo" }), {
    name: "photo.png",
    mimeType: "image/png",
    buffer: Buffer.from("<html><script>alert(1)</script></html>"),
  });
  await expect(photo.getByTestId("avatar-error")).toBeVisible();
  await expect(photo.getByTestId("profile-avatar")).toHaveAttribute("data-stored", "no");
  // A real picture: stored and shown.
  await chooseFile(page, photo.getByRole("button", { name: "Upload a photo" }), {
    name: "me.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  await expect(photo.getByTestId("profile-avatar")).toHaveAttribute("data-stored", "yes");
  await expect(photo.getByTestId("avatar-error")).toHaveCount(0);
  await expect(photo.getByRole("button", { name: "Replace the photo" })).toBeVisible();

  // A certificate (a picture here): stored, and a link opens it.
  const certificate = page.getByTestId("profile-certificate-section");
  await chooseFile(page, certificate.getByRole("button", { name: "Upload a certificate" }), {
    name: "certificate.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  await expect(certificate.getByRole("link", { name: "Open the certificate" })).toHaveAttribute(
    "href",
    /^\/media\/.+\.png$/,
  );

  // Public: the page's address, opened logged out in a fresh browser.
  await page.getByRole("switch", { name: "Make my profile public" }).click();
  await expect(page.getByText("Your profile is public now.")).toBeVisible();
  const link = page.getByTestId("profile-public-url");
  await expect(link).toHaveAttribute("href", /\/u\/[a-z0-9-]+$/);
  await expect(link).toHaveAttribute("target", "_blank");
  const href = (await link.getAttribute("href")) ?? "";
  await expectNoViolations(page, "/courses/profile public");
  await shootBoth(page, "profile-en");

  const stranger = await browser.newContext();
  const visitor = await stranger.newPage();
  await visitor.goto(href);
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText(`Anna ${last}`);
  await expect(visitor.locator("body")).toContainText("Quiz marketer");
  await stranger.close();

  // The portfolio: from the empty state to the first project.
  await page.getByTestId("nav-courses-portfolio").click();
  await expect(page).toHaveURL(/\/courses\/profile\/portfolio$/);
  await expect(page.getByTestId("portfolio-empty")).toBeVisible();
  await expectNoViolations(page, "/courses/profile/portfolio empty");
  await page.getByRole("button", { name: "Add your first project" }).click();
  const dialog = page.getByRole("dialog", { name: "New project" });
  await dialog.getByLabel("Project name").fill("Kitchen renovation cost calculator");
  await dialog.getByLabel("Work done").fill("Seven questions, a price formula and a discount.");
  await dialog.getByLabel("Results").fill("120 leads in the first month.");
  // A "PDF" that is a web page: the server refuses it, said under the file, nothing stored.
  await chooseFile(page, dialog.getByRole("button", { name: "File" }), {
    name: "case-study.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("<html><body><script>alert(1)</script></body></html>"),
  });
  await dialog.getByRole("button", { name: "Save the project" }).click();
  await expect(dialog).toContainText("Upload an image (JPEG, PNG, WebP, GIF, AVIF) or a PDF");
  await shoot(page, "portfolio-dialog-refused-en-1280");
  await expect(page.getByTestId("portfolio-empty")).toBeVisible();
  await chooseFile(page, dialog.getByRole("button", { name: "File" }), {
    name: "calculator.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  await dialog.getByRole("button", { name: "Save the project" }).click();
  const item = page.getByTestId("portfolio-item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Kitchen renovation cost calculator");
  await expect(item).toContainText("120 leads in the first month.");
  await expect(item.getByRole("img")).toBeVisible();
  // Edited: the new results replace the old ones, the picture stays.
  await item
    .getByRole("button", { name: "Actions of the project Kitchen renovation cost calculator" })
    .click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const editing = page.getByRole("dialog", { name: "Edit the project" });
  await expect(editing.getByLabel("Project name")).toHaveValue(
    "Kitchen renovation cost calculator",
  );
  await editing.getByLabel("Results").fill("150 leads in the first month, 9% conversion.");
  await editing.getByRole("button", { name: "Save the project" }).click();
  await expect(editing).toBeHidden();
  await expect(item).toContainText("150 leads in the first month, 9% conversion.");
  await expect(item.getByRole("img")).toBeVisible();
  await expectNoViolations(page, "/courses/profile/portfolio");
  await shootBoth(page, "portfolio-en");

  // The rating: the owner's place, highlighted in the list.
  await page.getByTestId("nav-courses-rating").click();
  await expect(page).toHaveURL(/\/courses\/profile\/rating$/);
  const own = page.getByTestId("rating-own");
  await expect(own).toContainText(/Your place: \d+/);
  const showOwn = own.getByRole("button", { name: "Show my place" });
  if (await showOwn.isVisible()) await showOwn.click();
  const mine = page.locator('[data-testid="rating-entry"][data-own="yes"]');
  await expect(mine).toContainText(`Anna ${last}`);
  await expect(mine.getByRole("link")).toHaveAttribute(
    "href",
    href.replace(/^https?:\/\/[^/]+/, ""),
  );
  await page.getByRole("tab", { name: "City" }).click();
  await expect(page).toHaveURL(/scope=city/);
  await expect(page.locator('[data-testid="rating-entry"][data-own="yes"]')).toContainText(
    `Anna ${last}`,
  );
  await expectNoViolations(page, "/courses/profile/rating city");
  await page.getByRole("tab", { name: "World" }).click();
  await shootBoth(page, "rating-en");
});

test("the course, profile, portfolio and rating in Russian, on a desktop and a phone", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await registerThroughUi(page, uniqueEmail("specialist.ru"));
  await page.goto("/settings");
  await chooseLanguage(page, "Русский");
  await expect(page.getByTestId("nav-support")).toHaveText("Поддержка");

  await page.goto("/courses/course");
  await expect(page.getByRole("heading", { name: "Курс", level: 2 })).toBeVisible();
  await expect(page.getByTestId("course-lesson").first()).toContainText(
    "Почему квиз собирает больше заявок, чем форма",
  );
  await expectNoViolations(page, "/courses/course ru");
  await shootBoth(page, "course-ru");

  await page.goto("/courses/profile");
  await expect(page.getByRole("heading", { name: "Профиль специалиста", level: 2 })).toBeVisible();
  await page.getByTestId("profile-form").getByLabel("Имя").fill("Ольга");
  await page.getByTestId("profile-form").getByLabel("Фамилия").fill("Петренко");
  await page.getByRole("button", { name: "Сохранить профиль" }).click();
  await expect(page.getByText("Профиль сохранён.")).toBeVisible();
  await page.getByRole("switch", { name: "Сделать профиль публичным" }).click();
  await expect(page.getByTestId("profile-public-url")).toBeVisible();
  await expectNoViolations(page, "/courses/profile ru");
  await shootBoth(page, "profile-ru");

  await page.goto("/courses/profile/portfolio");
  await expect(page.getByText("Портфолио пока пустое")).toBeVisible();
  await expectNoViolations(page, "/courses/profile/portfolio ru");
  await shootBoth(page, "portfolio-ru");

  await page.goto("/courses/profile/rating");
  await expect(page.getByTestId("rating-own")).toContainText(/Ваше место: \d+/);
  await page.getByRole("tab", { name: "Страна" }).click();
  await expect(page.getByTestId("rating-missing-place")).toContainText("Выберите страну");
  await expectNoViolations(page, "/courses/profile/rating ru");
  await page.getByRole("tab", { name: "Мир" }).click();
  await shootBoth(page, "rating-ru");
});
