import { randomUUID } from "node:crypto";
import { API_PREFIX, type LeadSubmission } from "@leadquiz/contract";
import { apiPaths } from "../apps/server/src/test-support/api-paths";
import { type BenchOwner, type OwnerSession, ownerSession, registerOwner } from "./support";

/**
 * The "typical quiz" of the benchmarks, made and published through the real API of a
 * running server, like an owner would: a Ukrainian quiz (the ADR 0007 example: its phone
 * numbers need the libphonenumber chunk and the zone-3 metadata) with a start page, five
 * questions of five types (List, Cards with several answers, Slider, Rating, Text), one
 * question shown only on one branch, two results chosen by logic, the default contact form
 * (name, phone, e-mail) with a privacy policy link and Telegram, and a hidden field.
 */
export interface TypicalQuiz {
  quizId: number;
  publicKey: string;
  version: number;
  language: string;
  /** The owner: credentials and an API session (the browser parts sign in for their own). */
  owner: BenchOwner;
  /** The owner's API session, renewed by the parts that outlive an access token. */
  session: OwnerSession;
  /** A valid lead for this quiz (the "flat" path: the branch question is skipped). */
  lead(submissionId?: string): LeadSubmission;
}

/** The language of the typical quiz (id 1 in languagelist/). */
export const TYPICAL_LANGUAGE = { id: 1, code: "uk" } as const;

class ApiClient {
  token: string | undefined;
  constructor(readonly base: string) {}

  async call<T>(method: string, path: string, body?: unknown, expected = [200, 201]): Promise<T> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers["content-type"] = "application/json";
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const response = await fetch(`${this.base}${API_PREFIX}${path}`, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
    });
    const text = await response.text();
    if (!expected.includes(response.status)) {
      throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
    }
    return (text === "" ? undefined : JSON.parse(text)) as T;
  }
}

interface WithId {
  id: number;
}

/** `dataDir`: the server's DATA_DIR, whose outbox holds the registration e-mail. */
export async function createTypicalQuiz(base: string, dataDir: string): Promise<TypicalQuiz> {
  const api = new ApiClient(base);
  const owner = await registerOwner(base, dataDir, {
    email: `bench-${randomUUID().slice(0, 8)}@example.com`,
    password: "bench-Password-2026",
    language: "uk",
  });
  api.token = owner.access;

  const project = await api.call<WithId>("POST", apiPaths.projects, { title: "Ремонти" });
  const quiz = await api.call<WithId & { public_key: string }>("POST", apiPaths.quizzes, {
    project: project.id,
    title: "Калькулятор ремонту",
    language: TYPICAL_LANGUAGE.id,
    start_page: {
      enabled: true,
      title: "Скільки коштуватиме ваш ремонт?",
      description: "Дайте відповідь на п'ять запитань і отримайте розрахунок вартості за 2 хвилини",
      button_text: "Розрахувати",
      company_name: "Майстер Ремонт",
    },
    contact_form: {
      title: "Куди надіслати розрахунок?",
      description: "Менеджер зателефонує протягом 15 хвилин",
      privacy_policy_url: "https://example.com/privacy",
      button_text: "Отримати розрахунок",
      messengers: ["telegram"],
    },
    analytics: { hidden_fields: ["client_id"] },
  });
  const publicKey = quiz.public_key;

  /** A question with answers of `texts` (replacing the two a new choice question has). */
  async function question(
    body: Record<string, unknown>,
    answers: { text: string; points: number }[] = [],
  ): Promise<{ id: number; answers: number[] }> {
    const made = await api.call<WithId>("POST", apiPaths.questions, { quiz: quiz.id, ...body });
    const existing = await api.call<WithId[]>("GET", apiPaths.questionAnswerList(made.id));
    const ids: number[] = [];
    for (const [index, answer] of answers.entries()) {
      const current = existing[index];
      if (current) {
        await api.call("PATCH", apiPaths.answerById(current.id), answer);
        ids.push(current.id);
      } else {
        ids.push(
          (await api.call<WithId>("POST", apiPaths.answers, { question: made.id, ...answer })).id,
        );
      }
    }
    return { id: made.id, answers: ids };
  }

  const what = await question({ type: 1, title: "Що ремонтуємо?", required: true }, [
    { text: "Квартиру", points: 50 },
    { text: "Будинок", points: 100 },
    { text: "Офіс", points: 80 },
  ]);
  const works = await question(
    { type: 2, title: "Які роботи потрібні?", config: { multi_answers: true } },
    [
      { text: "Стіни", points: 10 },
      { text: "Підлога", points: 20 },
      { text: "Електрика", points: 30 },
      { text: "Сантехніка", points: 40 },
    ],
  );
  const budget = await question({
    type: 7,
    title: "Який бюджет ви розглядаєте?",
    config: { min: 1000, max: 20000, step: 500, unit: "price" },
  });
  const urgency = await question({
    type: 5,
    title: "Наскільки терміново?",
    config: { quantity_of_answers: 5 },
  });
  const floors = await question({ type: 4, title: "Скільки поверхів у будинку?" });
  // The "floors" question only on the house branch.
  await api.call("POST", apiPaths.questionConditions, {
    question: floors.id,
    ref_question: what.id,
    kind: "answers",
    answers: [what.answers[1]],
  });

  const flat = await api.call<WithId>("POST", apiPaths.results, {
    quiz: quiz.id,
    title: "Ремонт квартири або офісу",
    description: "Орієнтовна вартість робіт",
    condition_mode: 1,
  });
  await api.call("POST", apiPaths.resultConditions, {
    result: flat.id,
    ref_question: what.id,
    kind: "answers",
    answers: [what.answers[0], what.answers[2]],
  });
  const house = await api.call<WithId>("POST", apiPaths.results, {
    quiz: quiz.id,
    title: "Ремонт будинку",
    description: "Орієнтовна вартість робіт",
    condition_mode: 1,
  });
  await api.call("POST", apiPaths.resultConditions, {
    result: house.id,
    ref_question: what.id,
    kind: "answers",
    answers: [what.answers[1]],
  });

  const publication = await api.call<{ version: number }>("POST", apiPaths.publicationQuiz, {
    quiz: quiz.id,
  });

  const [flatAnswer] = what.answers;
  const [walls, floor] = works.answers;
  if (flatAnswer === undefined || walls === undefined || floor === undefined) {
    throw new Error("the typical quiz lost its answers");
  }
  return {
    quizId: quiz.id,
    publicKey,
    version: publication.version,
    language: TYPICAL_LANGUAGE.code,
    owner,
    session: ownerSession(base, owner),
    lead: (submissionId = randomUUID()) => ({
      submission_id: submissionId,
      session: null,
      version: publication.version,
      answers: [
        { question: what.id, answers: [flatAnswer] },
        { question: works.id, answers: [walls, floor] },
        { question: budget.id, value: 7500 },
        { question: urgency.id, value: 4 },
      ],
      contacts: {
        name: "Олена Коваленко",
        email: "olena.kovalenko@example.com",
        phone: "+380501234567",
        other: "",
        other2: "",
        messengers: { telegram: "+380501234567" },
      },
      consent: true,
      utm: { utm_source: "google", utm_medium: "cpc", utm_campaign: "remont-kyiv" },
      referrer: "https://www.google.com/",
      page_url: "https://remont.example.com/kalkulyator?client_id=42&utm_source=google",
      extra: { client_id: "42" },
      website: "",
    }),
  };
}
