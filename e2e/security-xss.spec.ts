import { randomBytes } from "node:crypto";
import {
  additionUpdateSchema,
  answerUpdateSchema,
  formFieldUpdateSchema,
  projectUpdateSchema,
  questionUpdateSchema,
  quizConfigUpdateSchema,
  quizUpdateSchema,
  resultUpdateSchema,
} from "@leadquiz/contract";
import { expect, type FrameLocator, type Page, test } from "@playwright/test";
import type { z } from "zod";
import { E2E_VISITOR_ORIGIN } from "./support/e2e-origin";
import { hostPage, serveHostSite } from "./support/host-page";
import { configureEmbed, ownerCall, quizOwner } from "./support/quiz-builder";
import { ownClientAddress } from "./support/users";

/**
 * The stored-XSS walk (docs/security.md "Suites"): an owner puts script markers into every
 * text field the contract lets them write (found by walking the zod schema of each PATCH
 * body, so a new field is covered without touching this file), publishes, and a visitor
 * takes the quiz to its end on the hosted page, in the embed's iframe on another origin and
 * on the landing; the owner opens the dashboard and the editor. No marker may run: no
 * `window.__xss` in any frame, no dialog; and the markers show as text, proving the fields
 * were rendered.
 */

const MARKERS = [
  `<img src=x onerror="window.__xss=(window.__xss||0)+1">`,
  `<script>window.__xss=1</script>`,
  `"><svg onload=window.__xss=1>`,
] as const;
const JS_URL = "javascript:window.__xss=1//";

interface Marked {
  body: Record<string, unknown>;
  /** Dotted paths of the string fields that took a marker. */
  marked: string[];
  /** Link fields that refused a `javascript:` URL (as they must). */
  refusedJsUrl: string[];
}

let rotation = 0;

/**
 * The PATCH body with a marker in each string field of `schema` that accepts one: each
 * field's value is `<marker> @<tag>.<path>`, so the walk can find it by its tag. A field
 * that accepts no marker (colours, ids, domains, links) is left out; a field that takes a
 * link is offered `javascript:` first and must refuse it.
 */
function markedBody(schema: z.ZodType, tag: string): Marked {
  const result: Marked = { body: {}, marked: [], refusedJsUrl: [] };
  const value = walk(schema, tag, [], result);
  if (value && typeof value === "object") result.body = value as Record<string, unknown>;
  return result;
}

/** The zod v4 definition of a schema (its public `_zod.def`). */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

function walk(schema: z.ZodType, tag: string, path: string[], out: Marked): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case "object": {
      const object: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(def.shape ?? {})) {
        const value = walk(child, tag, [...path, key], out);
        if (value !== undefined) object[key] = value;
      }
      return Object.keys(object).length > 0 ? object : undefined;
    }
    case "optional":
    case "nullable":
    case "default":
    case "readonly":
    case "nonoptional":
      return def.innerType ? walk(def.innerType, tag, path, out) : undefined;
    case "pipe":
      return def.in ? walk(def.in, tag, path, out) : undefined;
    case "union":
      for (const option of def.options ?? []) {
        const value = walk(option, tag, path, out);
        if (value !== undefined) return value;
      }
      return undefined;
    case "string": {
      const name = `${tag}.${path.join(".")}`;
      const isLink =
        schema.safeParse("https://example.com/").success && !schema.safeParse("plain").success;
      if (isLink) {
        if (schema.safeParse(JS_URL).success) {
          // A link field that stores a script URL: offered to the visitor, it must not run.
          out.marked.push(name);
          return JS_URL;
        }
        out.refusedJsUrl.push(name);
        return undefined;
      }
      for (let i = 0; i < MARKERS.length; i += 1) {
        const text = `${MARKERS[(rotation + i) % MARKERS.length]} @${name}`;
        if (schema.safeParse(text).success) {
          rotation += 1;
          out.marked.push(name);
          return text;
        }
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/** Sends the marked PATCH of `schema` to `path`, merged over `extra`; answers the marked paths. */
async function patchMarked(
  path: string,
  schema: z.ZodType,
  tag: string,
  extra: Record<string, unknown> = {},
): Promise<Marked> {
  const marked = markedBody(schema, tag);
  await ownerCall("PATCH", path, deepMerge(marked.body, extra));
  return marked;
}

function deepMerge(a: Record<string, unknown>, b: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const left = out[key];
    out[key] =
      left && value && typeof left === "object" && typeof value === "object"
        ? deepMerge(left as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return out;
}

/** A text of the page containing the tag (markers render as text, never as markup). */
const tagged = (scope: Page | FrameLocator, name: string) =>
  scope.getByText(`@${name}`, { exact: false }).first();
const byTag = (name: string) => new RegExp(`@${name.replace(/\./g, "\\.")}(\\s|$)`);

interface XssQuiz {
  id: number;
  publicUrl: string;
  subdomain: string;
  inlineSnippet: string;
  q1: number;
  q2: number;
  q3: number;
  a1: number;
  result: number;
  fields: { id: number; type: number }[];
  marked: string[];
  refusedJsUrl: string[];
}

async function publishMarkedQuiz(): Promise<XssQuiz> {
  const all: Marked[] = [];
  const project = await ownerCall<{ id: number }>("POST", "/project/", {});
  all.push(await patchMarked(`/project/${project.id}/`, projectUpdateSchema, "project"));
  const quiz = await ownerCall<{ id: number }>("POST", "/quiz/", { project: project.id });
  all.push(
    await patchMarked(`/quiz/${quiz.id}/`, quizUpdateSchema.omit({ project: true }), "quiz", {
      results_settings: { position: "before_form", show_several: false, output_format: "logic" },
      contact_form: { privacy_policy_url: "https://example.com/privacy" },
    }),
  );

  // A list (with the own answer), a text question (placeholder) and a slider (unit).
  const question = async (type: number, tag: string, config: Record<string, unknown>) => {
    const created = await ownerCall<{ id: number }>("POST", "/question/", { quiz: quiz.id, type });
    all.push(
      await patchMarked(
        `/question/${created.id}/`,
        questionUpdateSchema.omit({ type: true }),
        tag,
        { required: false, config },
      ),
    );
    return created.id;
  };
  const q1 = await question(1, "q1", { own_answer: true });
  const q2 = await question(4, "q2", {});
  const q3 = await question(7, "q3", {});
  const answers = await ownerCall<{ id: number }[]>("GET", `/question/${q1}/answer_list/`);
  for (const [index, answer] of answers.entries()) {
    all.push(await patchMarked(`/answer/${answer.id}/`, answerUpdateSchema, `a${index + 1}`));
  }
  const a1 = answers[0]?.id;
  if (a1 === undefined) throw new Error("a new List question should have answers");

  const result = await ownerCall<{ id: number }>("POST", "/result/", {
    quiz: quiz.id,
    condition_mode: 1,
  });
  all.push(await patchMarked(`/result/${result.id}/`, resultUpdateSchema, "r1"));
  await ownerCall("POST", "/resultcondition/", {
    result: result.id,
    ref_question: q1,
    kind: "answers",
    answers: [a1],
  });

  const fields = await ownerCall<{ id: number; type: number }[]>(
    "GET",
    `/quiz/${quiz.id}/formfield_list/`,
  );
  for (const field of fields) {
    all.push(
      await patchMarked(`/formfield/${field.id}/`, formFieldUpdateSchema, `ff${field.id}`, {
        enabled: true,
        required: false,
      }),
    );
  }

  for (const type of [1, 3]) {
    const addition = await ownerCall<{ id: number }>("POST", "/addition/", {
      quiz: quiz.id,
      type,
      enabled: true,
      display: "all",
    });
    all.push(await patchMarked(`/addition/${addition.id}/`, additionUpdateSchema, `add${type}`));
  }

  const subdomain = `xss${randomBytes(4).toString("hex")}`;
  await configureEmbed(quiz.id, { inline: { enabled: true } });
  const config = await ownerCall<{ id: number }>("GET", `/config/quiz/${quiz.id}`);
  all.push(
    await patchMarked(`/config/quiz/${config.id}/`, quizConfigUpdateSchema, "config", {
      inline: { enabled: true },
      landing: { enabled: true, subdomain },
    }),
  );
  const embed = await configureEmbed(quiz.id, {});
  const publication = await ownerCall<{ public_url: string }>("POST", "/publication-quiz/", {
    quiz: quiz.id,
  });
  if (!embed.inline) throw new Error("the inline snippet is missing");
  return {
    id: quiz.id,
    publicUrl: publication.public_url,
    subdomain,
    inlineSnippet: embed.inline,
    q1,
    q2,
    q3,
    a1,
    result: result.id,
    fields,
    marked: all.flatMap((m) => m.marked),
    refusedJsUrl: all.flatMap((m) => m.refusedJsUrl),
  };
}

/** No frame of `page` ran a marker. */
async function expectNoScriptRan(page: Page, where: string) {
  for (const frame of page.frames()) {
    const ran = await frame.evaluate(() => (window as { __xss?: unknown }).__xss);
    expect(ran, `a marker ran in ${where} (${frame.url()})`).toBeUndefined();
  }
}

/** Takes the marked quiz from its start page to the thank-you screen. */
async function walkToEnd(scope: Page | FrameLocator, quiz: XssQuiz) {
  const start = scope.getByRole("button", { name: byTag("quiz.start_page.button_text") });
  const first = scope.getByRole("heading", { name: byTag("q1.title") });
  await expect(start).toBeVisible();
  await expect(async () => {
    if (await start.isVisible()) await start.click({ timeout: 2000 });
    await expect(first).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(tagged(scope, "q1.description")).toBeVisible();
  await scope.getByRole("radio", { name: byTag("a1.text") }).check();
  await scope.getByRole("button", { name: byTag("q1.button_text") }).click();

  await expect(scope.getByRole("heading", { name: byTag("q2.title") })).toBeVisible();
  await scope.getByPlaceholder(byTag("q2.config.placeholder")).fill("typed by the visitor");
  await scope.getByRole("button", { name: byTag("q2.button_text") }).click();

  await expect(scope.getByRole("heading", { name: byTag("q3.title") })).toBeVisible();
  await expect(tagged(scope, "q3.config.unit").or(tagged(scope, "q3.description"))).toBeVisible();
  await scope.getByRole("button", { name: byTag("q3.button_text") }).click();

  await expect(scope.getByRole("heading", { name: byTag("r1.title") })).toBeVisible();
  await expect(tagged(scope, "r1.description")).toBeVisible();
  await scope.getByRole("button", { name: "Next" }).click();

  await expect(tagged(scope, "quiz.contact_form.title")).toBeVisible();
  const value: Record<number, string> = {
    1: "Xss Visitor",
    2: "+12025550143",
    3: "xss.visitor@example.com",
  };
  for (const field of quiz.fields) {
    await scope
      .getByLabel(byTag(`ff${field.id}.label`))
      .fill(value[field.type] ?? "something else");
  }
  const consent = scope.getByRole("checkbox");
  for (const box of await consent.all()) await box.check();
  await scope.getByRole("button", { name: byTag("quiz.contact_form.button_text") }).click();
  await expect(scope.getByRole("heading", { name: "Thank you!" })).toBeVisible();
}

test("script markers in every owner-editable text never run for visitors or the owner", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const quiz = await publishMarkedQuiz();
  // The schema walk found the fields the task names (a sanity floor, not the list).
  expect(quiz.marked.length).toBeGreaterThan(40);
  for (const name of [
    "project.title",
    "quiz.title",
    "quiz.start_page.title",
    "q1.config.placeholder",
    "a1.text",
    "r1.button_text",
    "config.landing.about",
  ]) {
    expect(quiz.marked).toContain(name);
  }

  // Link fields must refuse a `javascript:` URL (the contract's `linkText`).
  expect(quiz.refusedJsUrl).toContain("quiz.contact_form.privacy_policy_url");
  expect(quiz.marked.filter((name) => name.endsWith("_url") || name.endsWith("link"))).toEqual([]);
  test.info().annotations.push({
    type: "xss-fields",
    description: `${quiz.marked.length} text fields marked, ${quiz.refusedJsUrl.length} link fields refused javascript:`,
  });

  const context = await browser.newContext();
  const dialogs: string[] = [];
  context.on("page", (page) => page.on("dialog", (d) => dialogs.push(d.message())));
  const page = await context.newPage();
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });

  // The hosted page.
  await page.goto(quiz.publicUrl);
  await expect(tagged(page, "quiz.start_page.title")).toBeVisible();
  await walkToEnd(page, quiz);
  await expectNoScriptRan(page, "the hosted page");

  // The embed's iframe on another origin.
  const site = await serveHostSite({ "/": hostPage("Host", quiz.inlineSnippet) });
  try {
    await page.goto(site.url("/"));
    const frame = page.frameLocator("iframe").first();
    await walkToEnd(frame, quiz);
    await expectNoScriptRan(page, "the embed");
  } finally {
    await site.close();
  }

  // The landing, on the visitor origin.
  await page.goto(`${E2E_VISITOR_ORIGIN}/l/${quiz.subdomain}`);
  await expect(tagged(page, "config.landing.about")).toBeVisible();
  await walkToEnd(page, quiz);
  await expectNoScriptRan(page, "the landing");
  await context.close();

  // The owner's dashboard and editor frame.
  const owner = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": ownClientAddress() },
  });
  const ownerPage = await owner.newPage();
  ownerPage.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await ownerPage.goto("/login");
  const { email, password } = await quizOwner();
  await ownerPage.getByLabel("E-mail").fill(email);
  await ownerPage.getByLabel("Password", { exact: true }).fill(password);
  await ownerPage.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(tagged(ownerPage, "project.title")).toBeVisible();
  await expect(tagged(ownerPage, "quiz.title")).toBeVisible();
  await expectNoScriptRan(ownerPage, "the dashboard");
  await ownerPage.goto(`/quiz/${quiz.id}`);
  await expect(ownerPage.getByTestId("editor-quiz-title")).toContainText("@quiz.title");
  await expectNoScriptRan(ownerPage, "the editor");
  await owner.close();

  expect(dialogs).toEqual([]);
});
