import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import { expect, type FrameLocator, type Page, test } from "@playwright/test";
import { E2E_ORIGIN } from "./e2e-origin";
import { registrationLink } from "./smtp-inbox";

/**
 * Quizzes for the visitor browser tests, built and published through the owner's real API
 * (`/api/v1`), as the editor would. One owner serves the visitor tests of a Playwright
 * worker (`quizOwner`), since registration is rate limited per client address (10 an hour).
 */

const API = "/api/v1";
const PASSWORD = "Quiz-owner-2026";

function baseUrl(): string {
  return process.env.E2E_BASE_URL ?? E2E_ORIGIN;
}

/**
 * The owner's calls leave from another loopback address (127.0.0.2, where the system has
 * it): the server counts the per-address auth limits (register 10/hour, token 20/minute)
 * apart from the browser's, so these specs never eat into the UI specs' budget.
 */
const OWNER_ADDRESS = "127.0.0.2";
let ownerAddress: string | undefined = OWNER_ADDRESS;

function send(
  method: string,
  url: URL,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, headers, ...(ownerAddress ? { localAddress: ownerAddress } : {}) },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

async function call<T>(
  method: string,
  path: string,
  options: { body?: unknown; token?: string; expect?: number | undefined } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const url = new URL(`${API}${path}`, baseUrl());
  let answer: { status: number; text: string };
  try {
    answer = await send(method, url, headers, body);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRNOTAVAIL" || !ownerAddress) throw error;
    ownerAddress = undefined; // no 127.0.0.2 here: the shared loopback address
    answer = await send(method, url, headers, body);
  }
  const expected = options.expect ?? (method === "POST" ? 201 : 200);
  if (answer.status !== expected) {
    throw new Error(
      `${method} ${path} answered ${answer.status} (not ${expected}): ${answer.text}`,
    );
  }
  return (answer.text === "" ? null : JSON.parse(answer.text)) as T;
}

/** A visitor's call of the public API (no account), e.g. a session or a funnel event. */
export function visitorCall<T>(path: string, body: unknown, expect?: number): Promise<T> {
  return call<T>("POST", path, { body, expect });
}

/**
 * Registers a quiz owner through the API: the form's call, then the link mailed to the SMTP
 * inbox.
 */
async function registerQuizOwner(): Promise<QuizOwner> {
  const email = `quiz.owner.${randomBytes(4).toString("hex")}@example.com`;
  await call("POST", "/register/", {
    body: { username: email, email, password: PASSWORD, language: "en" },
    expect: 202,
  });
  const token = new URL(await registrationLink(email)).pathname.split("/").pop();
  await call("POST", "/register/complete/", { body: { token }, expect: 200 });
  return { email, password: PASSWORD };
}

export interface QuizOwner {
  email: string;
  password: string;
}

let ownerOfThisWorker: Promise<QuizOwner> | undefined;

/**
 * The owner of the visitor specs' quizzes: one per Playwright worker (a worker is a process
 * and runs its spec files one after another), registered on first use. Specs on other
 * workers never share it, so one spec changing its owner's language cannot turn another
 * worker's quizzes Russian (CONTRIBUTING.md "Continuous integration").
 */
export function quizOwner(): Promise<QuizOwner> {
  ownerOfThisWorker ??= registerQuizOwner().catch((error: unknown) => {
    ownerOfThisWorker = undefined;
    throw error;
  });
  return ownerOfThisWorker;
}

let cachedToken: { access: string; at: number } | null = null;

/** The owner's access token (logged in once per worker; tokens live 15 minutes). */
async function ownerToken(): Promise<string> {
  if (cachedToken && Date.now() - cachedToken.at < 10 * 60_000) return cachedToken.access;
  const { email, password } = await quizOwner();
  const { access } = await call<{ access: string }>("POST", "/token/", {
    body: { email, password },
    expect: 200,
  });
  cachedToken = { access, at: Date.now() };
  return access;
}

/** A call of the owner's API as the quiz owner. */
export async function ownerCall<T>(
  method: "GET" | "POST" | "PATCH" | "PUT",
  path: string,
  body?: unknown,
  expect?: number,
): Promise<T> {
  return call<T>(method, path, { body, token: await ownerToken(), expect });
}

interface Named {
  id: number;
  title: string;
}
interface Choice {
  id: number;
  text: string;
}

/**
 * The branching quiz every visitor test takes:
 *
 *     start page ─► Q1 "Who is the sofa for?"  ── "A family" ──► Q2a "How many seats?"
 *                                              └─ "Just me"  ──► Q2b "Which colour?"
 *     results (before the form): "The corner sofa" when Q1 = A, "The armchair" when Q1 = B
 *     contact form: name*, phone*, e-mail, consent (with a privacy policy link) ─► thanks
 */
export interface BranchingQuiz {
  id: number;
  publicKey: string;
  /** `/q/{public_key}` on the visitor origin (the publication's `public_url`). */
  publicUrl: string;
  title: string;
  startTitle: string;
  q1: Named & { a: Choice; b: Choice };
  q2a: Named & { answers: [Choice, Choice] };
  q2b: Named & { answers: [Choice, Choice] };
  resultA: Named;
  resultB: Named;
}

export const TEXTS = {
  startTitle: "Which sofa fits your living room?",
  startDescription: "Two questions and we pick one for you",
  q1: "Who is the sofa for?",
  q1a: "A family",
  q1b: "Just me",
  q2a: "How many seats does the family need?",
  q2aAnswers: ["Three seats", "Five seats"],
  q2b: "Which colour do you like?",
  q2bAnswers: ["Olive green", "Deep blue"],
  resultA: "The corner sofa",
  resultB: "The armchair",
} as const;

export async function choiceQuestion(
  quiz: number,
  title: string,
  texts: readonly [string, string],
): Promise<Named & { answers: [Choice, Choice] }> {
  const question = await ownerCall<{ id: number }>("POST", "/question/", { quiz, type: 1, title });
  const answers = await ownerCall<{ id: number }[]>("GET", `/question/${question.id}/answer_list/`);
  const [first, second] = answers;
  if (!first || !second) throw new Error("a new List question should have two answers");
  await ownerCall("PATCH", `/answer/${first.id}/`, { text: texts[0] });
  await ownerCall("PATCH", `/answer/${second.id}/`, { text: texts[1] });
  return {
    id: question.id,
    title,
    answers: [
      { id: first.id, text: texts[0] },
      { id: second.id, text: texts[1] },
    ],
  };
}

/**
 * A lead sent straight to `POST public/quiz/{key}/lead/` with the minimal body a
 * hand-written form sends: path "a" (A family, the first seat count), these contacts and
 * consent.
 */
export async function submitLeadThroughApi(
  quiz: BranchingQuiz,
  contacts: VisitorContacts,
): Promise<number> {
  // The minimal body (docs/leads.md): the version, session, UTM and addresses default.
  const { lead } = await call<{ lead: number }>("POST", `/public/quiz/${quiz.publicKey}/lead/`, {
    body: {
      submission_id: randomUUID(),
      answers: [
        { question: quiz.q1.id, answers: [quiz.q1.a.id] },
        { question: quiz.q2a.id, answers: [quiz.q2a.answers[0].id] },
      ],
      contacts,
      consent: true,
    },
  });
  return lead;
}

/** Builds and publishes the branching quiz (a new project and quiz each time). */
export async function publishBranchingQuiz(): Promise<BranchingQuiz> {
  const title = `Sofa finder ${randomBytes(3).toString("hex")}`;
  const project = await ownerCall<{ id: number }>("POST", "/project/", {});
  const quiz = await ownerCall<{ id: number }>("POST", "/quiz/", {
    project: project.id,
    title,
    start_page: { title: TEXTS.startTitle, description: TEXTS.startDescription },
    results_settings: { position: "before_form", show_several: false, output_format: "logic" },
    contact_form: { privacy_policy_url: "https://example.com/privacy" },
  });

  const q1 = await choiceQuestion(quiz.id, TEXTS.q1, [TEXTS.q1a, TEXTS.q1b]);
  const [a, b] = q1.answers;
  const q2a = await choiceQuestion(quiz.id, TEXTS.q2a, TEXTS.q2aAnswers);
  const q2b = await choiceQuestion(quiz.id, TEXTS.q2b, TEXTS.q2bAnswers);
  // Q2a only after "A family", Q2b only after "Just me".
  await ownerCall("POST", "/questioncondition/", {
    question: q2a.id,
    ref_question: q1.id,
    kind: "answers",
    answers: [a.id],
  });
  await ownerCall("POST", "/questioncondition/", {
    question: q2b.id,
    ref_question: q1.id,
    kind: "answers",
    answers: [b.id],
  });

  const result = async (resultTitle: string, answer: Choice): Promise<Named> => {
    const created = await ownerCall<{ id: number }>("POST", "/result/", {
      quiz: quiz.id,
      title: resultTitle,
      condition_mode: 1,
    });
    await ownerCall("POST", "/resultcondition/", {
      result: created.id,
      ref_question: q1.id,
      kind: "answers",
      answers: [answer.id],
    });
    return { id: created.id, title: resultTitle };
  };
  const resultA = await result(TEXTS.resultA, a);
  const resultB = await result(TEXTS.resultB, b);

  const publication = await ownerCall<{ public_url: string }>("POST", "/publication-quiz/", {
    quiz: quiz.id,
  });
  const { public_key: publicKey } = await ownerCall<{ public_key: string }>(
    "GET",
    `/quiz/${quiz.id}/`,
  );
  return {
    id: quiz.id,
    publicKey,
    publicUrl: publication.public_url,
    title,
    startTitle: TEXTS.startTitle,
    q1: { id: q1.id, title: TEXTS.q1, a, b },
    q2a,
    q2b,
    resultA,
    resultB,
  };
}

/** The embed snippets of each display mode (`GET config/quiz/{id}` → `embed`). */
export interface EmbedSnippets {
  popup: string | null;
  banner: string | null;
  trigger: string | null;
  inline: string | null;
  chat: string | null;
  link: string;
}

/**
 * Writes the quiz's publication config (`POST config/quiz/` the first time, `PATCH` after)
 * and answers the snippets the server generates from it.
 */
export async function configureEmbed(
  quizId: number,
  sections: Record<string, unknown>,
): Promise<EmbedSnippets> {
  // 404 while the quiz has no config yet.
  const existing = await ownerCall<{ id: number }>("GET", `/config/quiz/${quizId}`).catch(
    (error: Error) => {
      if (error.message.includes("answered 404")) return null;
      throw error;
    },
  );
  if (existing) await ownerCall("PATCH", `/config/quiz/${existing.id}/`, sections);
  else await ownerCall("POST", "/config/quiz/", { quiz: quizId, ...sections });
  const config = await ownerCall<{ embed?: EmbedSnippets }>("GET", `/config/quiz/${quizId}`);
  if (!config.embed) throw new Error("GET config/quiz/{id} answered no embed snippets");
  return config.embed;
}

/** Where the quiz runs: the hosted page itself, or the embed's iframe. */
export type QuizScope = Page | FrameLocator;

/** A visitor's contact details; the phone typed bare, as a visitor would. */
export interface VisitorContacts {
  name: string;
  phone: string;
  email: string;
}

/**
 * Presses Start on the start page and waits for the first question. The start page is
 * rendered by the server and shows before the runtime has hydrated it; a click in that
 * moment may be lost (as for a real visitor), so Start is pressed again until the question
 * comes, and the test is annotated `start-click-lost` when that was needed.
 */
export async function startQuiz(scope: QuizScope, quiz: BranchingQuiz) {
  await expect(scope.getByRole("heading", { name: quiz.startTitle })).toBeVisible();
  const start = scope.getByRole("button", { name: "Start" });
  const question = scope.getByRole("heading", { name: quiz.q1.title });
  let clicks = 0;
  await expect(async () => {
    if (await start.isVisible()) {
      clicks += 1;
      await start.click({ timeout: 2000 });
    }
    await expect(question).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  if (clicks > 1) {
    // Not a failure, but worth seeing in the report: a visitor's early click was lost.
    test.info().annotations.push({
      type: "start-click-lost",
      description: `Start needed ${clicks} clicks (the page was not hydrated yet?)`,
    });
  }
}

/**
 * Takes the quiz from its start page to the results of path `path` and checks each screen
 * on the way: the start page, Q1, the follow-up question of that path only, and the result
 * of that path only. Ends on the results screen.
 */
export async function takePath(scope: QuizScope, quiz: BranchingQuiz, path: "a" | "b") {
  const heading = (name: string) => scope.getByRole("heading", { name });
  await startQuiz(scope, quiz);
  await scope.getByRole("radio", { name: path === "a" ? quiz.q1.a.text : quiz.q1.b.text }).check();
  await scope.getByRole("button", { name: "Next" }).click();

  const [follow, other] = path === "a" ? [quiz.q2a, quiz.q2b] : [quiz.q2b, quiz.q2a];
  await expect(heading(follow.title)).toBeVisible();
  await expect(heading(other.title)).toHaveCount(0);
  await scope.getByRole("radio", { name: follow.answers[0].text }).check();
  await scope.getByRole("button", { name: "Next" }).click();

  const [shown, hidden] =
    path === "a" ? [quiz.resultA, quiz.resultB] : [quiz.resultB, quiz.resultA];
  await expect(heading("Your result")).toBeVisible();
  await expect(heading(shown.title)).toBeVisible();
  await expect(heading(hidden.title)).toHaveCount(0);
}

/** From the results: on to the contact form, filled in and sent (not waiting for the end). */
export async function sendContacts(scope: QuizScope, contacts: VisitorContacts) {
  await scope.getByRole("button", { name: "Next" }).click();
  await expect(
    scope.getByRole("heading", { name: "Where should we send the result?" }),
  ).toBeVisible();
  await scope.getByLabel("Name").fill(contacts.name);
  await scope.getByLabel("Phone").fill(contacts.phone);
  await scope.getByLabel("Email").fill(contacts.email);
  await scope.getByRole("checkbox", { name: "I agree to the privacy policy" }).check();
  await scope.getByRole("button", { name: "Send" }).click();
}
