import type * as Engine from "@leadquiz/engine";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  type LeadSubmission,
  leadResponseSchema,
  leadSubmissionSchema,
  type PublicQuiz,
  publicQuizSchema,
} from "./public-quiz";

const quiz: PublicQuiz = {
  public_key: "0123456789abcdef0123456789abcdef",
  version: 3,
  title: "Kitchen cost",
  language: "pl",
  currency: { code: "PLN", symbol: "zł" },
  design: {
    button_color: "#1d4ed8",
    button_text_color: "#ffffff",
    text_color: "#111827",
    background_color: "#ffffff",
    background_image: null,
    font: null,
    button_style: 2,
    progress_bar: true,
    disable_display: false,
    auto_advance: true,
    start_layout: "beside_right",
  },
  start_page: {
    enabled: true,
    title: "Hi",
    description: "",
    button_text: "",
    media: null,
    company_name: "",
    legal_text: "",
  },
  questions: [
    {
      id: 1,
      sort: 0,
      type: 1,
      title: "Size?",
      description: "",
      button_text: "",
      required: true,
      media: null,
      video_url: null,
      config: { multi_answers: false },
      answers: [{ id: 11, sort: 0, text: "Small", image: null, points: 1 }],
      conditions: [],
    },
  ],
  results: [],
  results_settings: {
    show_several: false,
    position: "before_form",
    output_format: "points",
    general_formula: [],
  },
  additions: [
    {
      id: 1,
      sort: 0,
      type: 2,
      image: null,
      enabled: true,
      display: "all",
      settings: { max_discount: 10, discount_type: "growing" },
    },
  ],
  fields: [],
  contact_form: {
    title: "",
    description: "",
    privacy_policy_url: null,
    thank_you_url: null,
    button_text: "",
    button_link: null,
    auto_redirect_url: null,
    messengers: ["telegram"],
  },
  analytics: { gtm_id: "", ga_id: "", pixel_id: "", tiktok_id: "" },
  hidden_fields: ["client_id"],
};

describe("public quiz snapshot", () => {
  it("is the engine's QuizSnapshot as it is (compile-time check)", () => {
    expectTypeOf<PublicQuiz>().toExtend<Engine.QuizSnapshot>();
    expectTypeOf<PublicQuiz["questions"][number]>().toExtend<Engine.Question>();
    expectTypeOf<PublicQuiz["results"][number]>().toExtend<Engine.Result>();
    expectTypeOf<PublicQuiz["additions"][number]>().toExtend<Engine.Addition>();
    expectTypeOf<PublicQuiz["results_settings"]>().toExtend<Engine.ResultsSettings>();
    const snapshot: Engine.QuizSnapshot = quiz;
    expect(snapshot.questions).toHaveLength(1);
  });

  it("parses a snapshot and drops owner-only keys", () => {
    const parsed = publicQuizSchema.parse({ ...quiz, owner_email: "owner@example.com" });
    expect(parsed).not.toHaveProperty("owner_email");
    expect(parsed.language).toBe("pl");
  });

  it("reads a snapshot published before auto-advance and start layouts as off and beside", () => {
    const { auto_advance: _dropped, start_layout: _layout, ...olderDesign } = quiz.design;
    const parsed = publicQuizSchema.parse({ ...quiz, design: olderDesign });
    expect(parsed.design.auto_advance).toBe(false);
    expect(parsed.design.start_layout).toBe("beside");
    expect(publicQuizSchema.parse(quiz).design.auto_advance).toBe(true);
  });

  it("rejects an unknown language", () => {
    expect(publicQuizSchema.safeParse({ ...quiz, language: "xx" }).success).toBe(false);
  });
});

describe("lead submission", () => {
  const submission: LeadSubmission = {
    submission_id: "5a4c2f0e-8d1b-4c3e-9f6a-1b2c3d4e5f60",
    session: null,
    version: 3,
    answers: [
      { question: 1, answers: [11] },
      { question: 2, value: [10, 20] },
      { question: 3, value: ["2024-05-01", "2024-05-03"] },
      { question: 4, text: "Hello" },
    ],
    contacts: {
      name: "Ann",
      email: "ann@example.com",
      phone: "+48 601 234 567",
      other: "",
      other2: "",
      messengers: { telegram: "+48 601 234 567" },
    },
    consent: true,
    utm: { utm_source: "google" },
    referrer: "",
    page_url: "https://example.com/?client_id=7",
    extra: { client_id: "7" },
    website: "",
  };

  it("accepts a well-formed submission", () => {
    expect(leadSubmissionSchema.parse(submission)).toEqual(submission);
  });

  it("rejects a submission id that is not a UUID and an unknown messenger", () => {
    expect(leadSubmissionSchema.safeParse({ ...submission, submission_id: "x" }).success).toBe(
      false,
    );
    const contacts = { ...submission.contacts, messengers: { pigeon: "1" } };
    expect(leadSubmissionSchema.safeParse({ ...submission, contacts }).success).toBe(false);
  });

  it("parses the lead answer", () => {
    const response = { lead: 5, results: [], redirect_url: null };
    expect(leadResponseSchema.parse(response)).toEqual(response);
  });
});
