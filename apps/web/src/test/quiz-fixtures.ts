import type { PublicQuiz, Question, Quiz } from "@leadquiz/contract";
import { testJwt } from "./render-app";

/** A signed-in session for renderApp (the access token valid for ten minutes). */
export const testSession = () => ({ access: testJwt(600) });

type QuizChanges = Partial<Omit<Quiz, "design">> & { design?: Partial<Quiz["design"]> };

/**
 * Quiz 7 "Sofa quiz" of project 5 as `GET quiz/{id}/` answers it: a draft with every nested
 * object at the server's defaults; `changes` replaces fields (the design's one by one).
 */
export function testQuiz(changes: QuizChanges = {}): Quiz {
  const { design, ...rest } = changes;
  return {
    id: 7,
    project: 5,
    title: "Sofa quiz",
    is_published: false,
    published_at: null,
    created_at: "2026-11-01T10:00:00Z",
    updated_at: "2026-11-01T10:00:00Z",
    leads_count: 0,
    public_url: "http://127.0.0.1:3000/q/abc",
    language: 2,
    currency: 1,
    public_key: "abc",
    has_unpublished_changes: true,
    start_page: {
      enabled: true,
      title: "",
      description: "",
      button_text: "",
      media: null,
      company_name: "",
      legal_text: "",
    },
    design: {
      button_color: "#1a73e8",
      button_text_color: "#ffffff",
      text_color: "#000000",
      background_color: "#ffffff",
      background_image: null,
      font: null,
      button_style: 1,
      progress_bar: true,
      auto_advance: false,
      start_layout: "beside",
      disable_display: false,
      ...design,
    },
    contact_form: {
      title: "",
      description: "",
      privacy_policy_url: null,
      thank_you_url: null,
      button_text: "",
      button_link: null,
      auto_redirect_url: null,
      messengers: [],
    },
    results_settings: {
      show_several: false,
      position: "after_form",
      output_format: "logic",
      general_formula: [],
      general_formula_valid: true,
      general_formula_errors: [],
    },
    analytics: { gtm_id: "", ga_id: "", pixel_id: "", tiktok_id: "", hidden_fields: [] },
    ...rest,
  };
}

/** Question `id` of quiz 7 as `GET quiz/{id}/question_list/` lists it: no texts, media or options. */
export function testQuestion(
  id: number,
  sort: number,
  type: Question["type"],
  title: string,
): Question {
  return {
    id,
    quiz: 7,
    sort,
    type,
    title,
    description: "",
    button_text: "",
    required: false,
    media: null,
    video_url: null,
    config: {},
  };
}

type Snapshot = PublicQuiz;

/** A result of quiz 7's draft snapshot (constant points, no conditions) with `changes`. */
export function testSnapshotResult(
  id: number,
  title: string,
  changes: Partial<Snapshot["results"][number]> = {},
): Snapshot["results"][number] {
  return {
    id,
    sort: id,
    type: 1,
    condition_mode: 0,
    title,
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
    ...changes,
  };
}

/**
 * Quiz 7's draft as `GET quiz/{id}/preview/` answers it: `questions` as the list answers them
 * (each with `conditions`), the results and general formula given, everything else empty.
 */
export function testDraftSnapshot(
  questions: ReadonlyArray<Question & { conditions?: Snapshot["questions"][number]["conditions"] }>,
  results: Snapshot["results"] = [],
  generalFormula: Snapshot["results_settings"]["general_formula"] = [],
): Snapshot {
  const none = { title: "", description: "", button_text: "" };
  return {
    public_key: "a1b2c3d4e5f60718293a4b5c6d7e8f90",
    version: 1,
    title: "Sofa quiz",
    language: "en",
    currency: { code: "USD", symbol: "$" },
    design: {
      ...{ button_color: "#000000", button_text_color: "#ffffff", text_color: "#111111" },
      ...{ background_color: "#ffffff", background_image: null, font: null, button_style: 1 },
      ...{ progress_bar: true, disable_display: false, auto_advance: false },
      start_layout: "beside",
    },
    start_page: { ...none, enabled: false, media: null, company_name: "", legal_text: "" },
    questions: questions.map(({ quiz: _quiz, conditions = [], ...question }) => ({
      ...question,
      answers: [],
      conditions,
    })),
    results,
    results_settings: {
      ...{ show_several: false, position: "before_form", output_format: "points" },
      general_formula: generalFormula,
    },
    additions: [],
    fields: [],
    contact_form: {
      ...{ ...none, privacy_policy_url: null, thank_you_url: null, button_link: null },
      ...{ auto_redirect_url: null, messengers: [] },
    },
    analytics: { gtm_id: "", ga_id: "", pixel_id: "", tiktok_id: "" },
    hidden_fields: [],
  };
}
