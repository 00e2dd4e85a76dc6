import type {
  LeadAnswer,
  LeadContacts,
  LeadSubmission,
  Messenger,
  PublicQuiz,
} from "@leadquiz/contract";
import { phoneMessengers } from "@leadquiz/contract/codes";
import {
  type AnswerMap,
  type AnswerValue,
  answerValueKind,
  type Question,
  quizState,
} from "@leadquiz/engine";
import type { ContactValues } from "./contact-values";
import type { PageContext } from "./page-context";
import { isChoiceValue } from "./questions/answer-input";

const byPhone: ReadonlySet<Messenger> = new Set(phoneMessengers);

/** Whether a messenger reaches the visitor on the form's phone when its handle is empty. */
export function usesPhone(messenger: Messenger): boolean {
  return byPhone.has(messenger);
}

/**
 * How to reach the visitor on a ticked messenger: the handle typed for it, else (for the
 * phone-based ones) the phone; "" when neither was given.
 */
export function messengerHandle(contacts: ContactValues, messenger: Messenger): string {
  const typed = contacts.messengerHandles[messenger]?.trim() ?? "";
  if (typed !== "") return typed;
  return usesPhone(messenger) ? contacts.phone.trim() : "";
}

/** One answer as the lead call takes it. */
export function toLeadAnswer(question: Question, value: AnswerValue): LeadAnswer {
  if (isChoiceValue(value)) {
    const text = value.own_text?.trim() ?? "";
    return {
      question: question.id,
      answers: [...value.answers],
      ...(text === "" ? {} : { text }),
    };
  }
  if (answerValueKind(question.type) === "text" && typeof value === "string")
    return { question: question.id, text: value };
  if (Array.isArray(value)) {
    const [from, to] = value;
    if (typeof from === "number" && typeof to === "number") {
      return { question: question.id, value: [from, to] };
    }
    return { question: question.id, value: [String(from), String(to)] };
  }
  return { question: question.id, value: value as string | number };
}

/** A client-made UUID v4 (crypto.randomUUID needs a secure context; this does not). */
export function newSubmissionId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The lead body: the answers of the questions on the visitor's path (the engine says which),
 * the contacts, and where the visitor came from.
 */
export function buildSubmission(input: {
  quiz: PublicQuiz;
  answers: AnswerMap;
  contacts: ContactValues;
  page: PageContext;
  session: string | null;
  submissionId: string;
}): LeadSubmission {
  const { quiz, answers, contacts, page } = input;
  const leadAnswers: LeadAnswer[] = [];
  for (const question of quizState(quiz, answers).answered) {
    const value = answers[question.id];
    if (value !== undefined) leadAnswers.push(toLeadAnswer(question, value));
  }
  const messengers: LeadContacts["messengers"] = {};
  for (const messenger of contacts.messengers) {
    const handle = messengerHandle(contacts, messenger);
    if (handle !== "") messengers[messenger] = handle;
  }
  return {
    submission_id: input.submissionId,
    session: input.session,
    version: quiz.version,
    answers: leadAnswers,
    contacts: {
      name: contacts.name.trim(),
      email: contacts.email.trim(),
      phone: contacts.phone.trim(),
      other: contacts.other.trim(),
      other2: contacts.other2.trim(),
      messengers,
    },
    consent: contacts.consent,
    utm: page.utm,
    referrer: page.referrer,
    page_url: page.page_url,
    extra: page.hidden,
    website: contacts.website,
  };
}
