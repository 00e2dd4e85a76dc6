import type {
  PublicAddition,
  PublicCondition,
  PublicFormField,
  PublicQuestion,
  PublicQuiz,
  PublicResult,
} from "@leadquiz/contract";

/**
 * PublicQuiz fixtures for runtime tests and browser tests. `branchingQuiz` has a start
 * page, skip logic (a "house" answer shows the garden question, a "flat" answer the floor
 * question), a formula result, an output-row result, a growing discount and a consultant.
 */

export function question(
  id: number,
  type: PublicQuestion["type"],
  fields: Partial<PublicQuestion> = {},
): PublicQuestion {
  return {
    id,
    sort: id,
    type,
    title: `Question ${id}`,
    description: "",
    button_text: "",
    required: false,
    media: null,
    video_url: null,
    config: {},
    answers: [],
    conditions: [],
    ...fields,
  };
}

/** A choice question whose answers have ids `id * 10 + n` (n from 1). */
export function choiceQuestion(
  id: number,
  texts: readonly string[],
  points: readonly number[],
  fields: Partial<PublicQuestion> = {},
): PublicQuestion {
  return question(id, 1, {
    answers: texts.map((text, n) => ({
      id: id * 10 + n + 1,
      sort: n,
      text,
      image: null,
      points: points[n] ?? 0,
    })),
    ...fields,
  });
}

export function answersCondition(refQuestion: number, answers: number[]): PublicCondition {
  return {
    ref_question: refQuestion,
    kind: "answers",
    answers,
    answers_include: true,
    answers_operator: "or",
    number_operator: "in_range",
    number_from: null,
    number_to: null,
    range_operator: "inside",
    range_from: null,
    range_to: null,
  };
}

export function result(id: number, fields: Partial<PublicResult> = {}): PublicResult {
  return {
    id,
    sort: id,
    type: 1,
    condition_mode: 0,
    title: `Result ${id}`,
    description: "",
    additional_description: "",
    media: null,
    show_total: false,
    unit: null,
    range_from: null,
    range_to: null,
    formula: [],
    use_general_formula: false,
    output: [],
    button_text: "",
    button_link: "",
    conditions: [],
    config: {},
    ...fields,
  };
}

export function field(
  id: number,
  type: PublicFormField["type"],
  fields: Partial<PublicFormField> = {},
): PublicFormField {
  return {
    id,
    sort: id,
    type,
    label: "",
    placeholder: "",
    required: false,
    enabled: true,
    ...fields,
  };
}

export const defaultFields: PublicFormField[] = [
  field(1, 1, { required: true }),
  field(2, 2, { required: true }),
  field(3, 3),
];

export function quiz(fields: Partial<PublicQuiz> = {}): PublicQuiz {
  return {
    public_key: "a1b2c3d4e5f60718293a4b5c6d7e8f90",
    version: 1,
    title: "Test quiz",
    language: "en",
    currency: { code: "USD", symbol: "$" },
    design: {
      button_color: "#1d4ed8",
      button_text_color: "#ffffff",
      text_color: "#111827",
      background_color: "#ffffff",
      background_image: null,
      font: null,
      button_style: 2,
      progress_bar: true,
      auto_advance: false,
      start_layout: "beside",
      disable_display: false,
    },
    start_page: {
      enabled: false,
      title: "",
      description: "",
      button_text: "",
      media: null,
      company_name: "",
      legal_text: "",
    },
    questions: [],
    results: [],
    results_settings: {
      show_several: false,
      position: "before_form",
      output_format: "points",
      general_formula: [],
    },
    additions: [],
    fields: defaultFields,
    contact_form: {
      title: "",
      description: "",
      privacy_policy_url: "https://example.com/privacy",
      thank_you_url: null,
      button_text: "",
      button_link: null,
      auto_redirect_url: null,
      messengers: [],
    },
    analytics: { gtm_id: "", ga_id: "", pixel_id: "", tiktok_id: "" },
    hidden_fields: [],
    ...fields,
  };
}

export const growingDiscount: PublicAddition = {
  id: 1,
  sort: 0,
  type: 2,
  image: null,
  enabled: true,
  display: "all_except_start",
  settings: { max_discount: 15, discount_type: "growing" },
};

export const consultant: PublicAddition = {
  id: 2,
  sort: 1,
  type: 3,
  image: "https://cdn.example.com/anna.jpg",
  enabled: true,
  display: "contact_only",
  settings: { name: "Anna Nowak", job_title: "Designer", text: "I will call you back." },
};

export const bonus: PublicAddition = {
  id: 3,
  sort: 2,
  type: 1,
  image: null,
  enabled: true,
  display: "all",
  settings: { name: "Free measurement", discount_amount: "500 UAH", link: "" },
};

/**
 * Q1 home type: House (id 11, 100 points) → Q2 garden area (slider, m²); Flat (id 12,
 * 50 points) → Q3 floor (rating 1-5). Q4 extras (multi-choice, always). Result 1 is the
 * formula Q1 × 2 + Q4 (a price), shown when the home is a house; result 2 is the sum with
 * output rows, shown otherwise.
 */
export const branchingQuiz: PublicQuiz = quiz({
  title: "Renovation cost",
  start_page: {
    enabled: true,
    title: "How much will your renovation cost?",
    description: "Four questions, one minute.",
    button_text: "",
    media: null,
    company_name: "Build Co",
    legal_text: "",
  },
  questions: [
    choiceQuestion(1, ["House", "Flat"], [100, 50], {
      title: "What do you live in?",
      required: true,
    }),
    question(2, 7, {
      title: "Garden area?",
      config: { min: 0, max: 500, step: 50, unit: "square_metre" },
      conditions: [answersCondition(1, [11])],
    }),
    question(3, 5, {
      title: "Which floor?",
      required: true,
      config: { quantity_of_answers: 5 },
      conditions: [answersCondition(1, [12])],
    }),
    choiceQuestion(4, ["Painting", "Flooring", "Plumbing"], [10, 20, 30], {
      title: "Which extras?",
      config: { multi_answers: true },
    }),
  ],
  results: [
    result(1, {
      type: 2,
      condition_mode: 1,
      title: "House renovation",
      show_total: true,
      unit: "price",
      formula: [
        { kind: 3, question: 1 },
        { kind: 2, op: 3 },
        { kind: 1, value: 2 },
        { kind: 2, op: 1 },
        { kind: 3, question: 4 },
      ],
      conditions: [answersCondition(1, [11])],
    }),
    result(2, {
      type: 3,
      title: "Flat renovation",
      show_total: true,
      output: [
        { from: 0, to: 60, value: "Budget" },
        { from: 60.01, to: null, value: "Premium" },
      ],
    }),
  ],
  additions: [growingDiscount, consultant],
  contact_form: {
    title: "Get your estimate",
    description: "",
    privacy_policy_url: "https://example.com/privacy",
    thank_you_url: null,
    button_text: "",
    button_link: null,
    auto_redirect_url: null,
    messengers: ["telegram", "whatsapp"],
  },
  hidden_fields: ["client_id"],
});
