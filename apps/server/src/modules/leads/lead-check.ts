import {
  FormFieldType,
  formFieldKeys,
  type LeadSubmission,
  type Messenger,
  type PublicQuestion,
  type PublicQuiz,
} from "@leadquiz/contract";
import {
  type AnswerMap,
  type AnswerProblem,
  type AnswerValue,
  defaultPhoneCountryFor,
  fromLeadAnswer,
  internationalPhoneNumber,
  isAnswered,
  leadAnswerProblem,
  type PhoneMetadata,
  quizState,
  validateEmail,
} from "@leadquiz/engine";
import minMetadata from "libphonenumber-js/min/metadata";
import { FieldErrors } from "../../lib/app-error";

/** libphonenumber-js's `min` metadata; its type is the engine's with narrower tuples. */
const phoneMetadata = minMetadata as unknown as PhoneMetadata;

/** A lead's contacts as stored: the enabled fields' values, the phone formatted. */
export interface CheckedContacts {
  name: string;
  email: string;
  phone: string;
  other: string;
  other2: string;
  messengers: Partial<Record<Messenger, string>>;
}

export interface CheckedLead {
  /** The answers as the engine reads them (results are computed from these). */
  answers: AnswerMap;
  contacts: CheckedContacts;
}

/** The request field an answer problem is reported on, below `answers.<index>`. */
const PROBLEM_FIELDS: Record<AnswerProblem, { field: string; message: string }> = {
  wrong_shape: { field: "", message: "invalid_value" },
  unknown_answer: { field: "answers", message: "unknown_answer" },
  several_answers: { field: "answers", message: "several_answers" },
  own_text_not_allowed: { field: "text", message: "own_text_not_allowed" },
  out_of_range: { field: "value", message: "out_of_range" },
  invalid_date: { field: "value", message: "invalid_date" },
  reversed_range: { field: "value", message: "reversed_range" },
};

/**
 * Checks a submission against the snapshot of the version it answered and answers what to
 * store, or throws FieldErrors with every problem (validation message keys), by field:
 *
 * - `answers.<i>.question`: a question not in the snapshot, or answered twice;
 *   `answers.<i>[.answers|.text|.value]`: the engine's `answerProblem` (keys the question type
 *   does not take: `answers.<i>`);
 * - `questions.<id>`: a required question on the path the answers take (the engine's flow)
 *   left unanswered; questions skipped by the logic are not required;
 * - `contacts.<name|email|phone|other|other2>`: a required field of the form left empty, an
 *   invalid e-mail (the engine's rule) or phone (the engine's `internationalPhoneNumber` on
 *   libphonenumber-js's `min` metadata with the same default country: the runtime's very
 *   check, so the server is never stricter than the form, docs/adr/0013);
 *   values of fields the form does not show are dropped;
 * - `contacts.messengers.<name>`: a messenger the form does not offer;
 * - `consent`: not given (the form always asks for it).
 */
export function checkLead(
  snapshot: PublicQuiz,
  submission: Pick<LeadSubmission, "answers" | "contacts" | "consent">,
  mode: "full" | "partial" = "full",
): CheckedLead {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const partial = mode === "partial";

  const questions = new Map<number, PublicQuestion>(snapshot.questions.map((q) => [q.id, q]));
  const answers: Record<number, AnswerValue> = {};
  for (const [index, answer] of submission.answers.entries()) {
    const at = `answers.${index}`;
    const question = questions.get(answer.question);
    if (!question) {
      fail(`${at}.question`, "unknown_question");
      continue;
    }
    if (answers[question.id] !== undefined) {
      fail(`${at}.question`, "invalid_value");
      continue;
    }
    const problem = leadAnswerProblem(question, answer);
    const value = fromLeadAnswer(question, answer);
    if (problem !== null || value === "wrong_shape") {
      const { field, message } = PROBLEM_FIELDS[problem ?? "wrong_shape"];
      fail(field === "" ? at : `${at}.${field}`, message);
      continue;
    }
    answers[question.id] = value;
  }
  if (!partial && Object.keys(errors).length === 0) {
    for (const question of quizState(snapshot, answers).reachable) {
      if (question.required && !isAnswered(question, answers[question.id])) {
        fail(`questions.${question.id}`, "required");
      }
    }
  }

  if (partial) {
    if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
    return { answers, contacts: partialContacts(snapshot, submission) };
  }
  const contacts = checkContacts(snapshot, submission, fail, true);
  if (!submission.consent) fail("consent", "required_checkbox");
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  return { answers, contacts };
}

/**
 * A partial lead's contacts (docs/leads.md "Partial leads"): kept only once the visitor
 * agreed to the policy; a contact still being typed (not yet valid) is left out, never an error.
 */
function partialContacts(
  snapshot: PublicQuiz,
  submission: Pick<LeadSubmission, "contacts" | "consent">,
): CheckedContacts {
  const contacts = checkContacts(snapshot, submission, () => undefined, false);
  if (!submission.consent) return { ...EMPTY_CONTACTS, messengers: {} };
  return contacts;
}

const EMPTY_CONTACTS: CheckedContacts = {
  name: "",
  email: "",
  phone: "",
  other: "",
  other2: "",
  messengers: {},
};

function checkContacts(
  snapshot: PublicQuiz,
  submission: Pick<LeadSubmission, "contacts">,
  fail: (field: string, message: string) => void,
  /** A full lead: a required field left empty is an error, an invalid value too. */
  strict: boolean,
): CheckedContacts {
  const sent = submission.contacts;
  const enabled = snapshot.fields.filter((field) => field.enabled);
  const contacts: CheckedContacts = { ...EMPTY_CONTACTS, messengers: {} };
  for (const type of Object.values(FormFieldType)) {
    const key = formFieldKeys[type];
    const field = enabled.find((f) => f.type === type);
    if (!field) continue;
    const text = sent[key].trim();
    const at = `contacts.${key}`;
    if (text === "") {
      if (field.required) fail(at, "required");
      continue;
    }
    if (key === "email") {
      const problem = validateEmail(text);
      if (problem) {
        fail(at, problem);
        if (!strict) continue;
      }
    }
    if (key === "phone") {
      const phone = internationalPhoneNumber(
        text,
        defaultPhoneCountryFor(snapshot.language),
        phoneMetadata,
      );
      if (phone !== null) {
        contacts.phone = phone;
        continue;
      }
      fail(at, "invalid_phone");
      if (!strict) continue;
    }
    contacts[key] = text;
  }
  const offered = new Set<string>(snapshot.contact_form.messengers);
  for (const [messenger, handle] of Object.entries(sent.messengers)) {
    if (!offered.has(messenger)) fail(`contacts.messengers.${messenger}`, "invalid_value");
    else if (!strict && !(handle ?? "").trim()) continue;
    else contacts.messengers[messenger as Messenger] = (handle ?? "").trim();
  }
  return contacts;
}
