import {
  type PublicAddition,
  type PublicQuiz,
  publicLanguageSchema,
  publicQuizSchema,
  quizCurrencies,
  quizLanguages,
} from "@leadquiz/contract";
import { completeCondition } from "@leadquiz/engine";
import type { AppConfig } from "../../config";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { absoluteMediaUrl } from "../../lib/public-urls";
import {
  analyticsDefaults,
  contactFormDefaults,
  designDefaults,
  startPageDefaults,
} from "../../modules/quizzes";
import {
  fontCatalogue,
  fontStylesheetUrl,
  type InstalledFont,
  installedFonts,
} from "../../modules/reference-lists";
import { findQuizRow, loadDisplayData, loadQuizSnapshot } from "./quiz-snapshot.repository";

/**
 * The visitors' snapshot of a quiz's current draft (`PublicQuiz`): the engine's
 * `QuizSnapshot` (loadQuizSnapshot) plus what only the display needs — titles, texts,
 * media as absolute URLs on the visitor origin (`VISITOR_URL` + `/media/…`), the design with its font resolved
 * ({name, family, url}; the url stays the same-origin `/fonts/…` path of fontlist, since
 * the runtime only ever runs on pages of this server, landing hosts included), the
 * language code, the currency {code, symbol}, the analytics ids and hidden fields.
 * Left out: the owner, `is_right` of answers, `send_to_email` of results, disabled fields
 * and additions, condition ids. Checked with publicQuizSchema (unknown keys stripped).
 */
export async function buildPublicQuiz(
  db: DbOrTx,
  quizId: number,
  config: Pick<AppConfig, "visitorUrl">,
  version: number,
): Promise<PublicQuiz> {
  const quiz = await findQuizRow(db, quizId);
  const snapshot = await loadQuizSnapshot(db, quizId);
  if (!quiz || !snapshot) throw new AppError("not_found");
  const absolute = (value: string | null | undefined) => absoluteMediaUrl(config, value);
  const display = await loadDisplayData(db, quizId);

  const startPage = { ...startPageDefaults, ...quiz.startPage };
  const design = { ...designDefaults, ...quiz.design };
  const contactForm = { ...contactFormDefaults, ...quiz.contactForm };
  const analytics = { ...analyticsDefaults, ...quiz.analytics };
  const language = quizLanguages.find((item) => item.id === quiz.language)?.code ?? "en";
  const currency = quizCurrencies.find((item) => item.id === quiz.currency) ?? quizCurrencies[0];

  const candidate: PublicQuiz = {
    public_key: quiz.publicKey,
    version,
    title: quiz.title,
    language: publicLanguageSchema.catch("en").parse(language),
    currency: { code: currency.code, symbol: currency.symbol },
    design: {
      button_color: design.button_color,
      button_text_color: design.button_text_color,
      text_color: design.text_color,
      background_color: design.background_color,
      background_image: absolute(design.background_image),
      font: resolveFont(design.font),
      button_style: design.button_style,
      progress_bar: design.progress_bar,
      disable_display: design.disable_display,
      auto_advance: design.auto_advance,
      start_layout: design.start_layout,
    },
    start_page: {
      enabled: startPage.enabled,
      title: startPage.title,
      description: startPage.description,
      button_text: startPage.button_text,
      media: absolute(startPage.media),
      company_name: startPage.company_name,
      legal_text: startPage.legal_text,
    },
    questions: snapshot.questions.map((question) => {
      const extra = display.questions.get(question.id);
      return {
        id: question.id,
        sort: question.sort ?? 0,
        type: question.type,
        title: question.title ?? "",
        description: question.description ?? "",
        button_text: question.button_text ?? "",
        required: question.required,
        media: absolute(extra?.media),
        video_url: extra?.videoUrl ?? null,
        config: question.config as PublicQuiz["questions"][number]["config"],
        answers: question.answers.map((answer) => ({
          id: answer.id,
          sort: answer.sort ?? 0,
          text: answer.text,
          image: absolute(display.answerImages.get(answer.id)),
          points: answer.points,
        })),
        conditions: question.conditions.map(completeCondition),
      };
    }),
    results: snapshot.results.map((result) => ({
      id: result.id,
      sort: result.sort ?? 0,
      type: result.type,
      condition_mode: result.condition_mode,
      title: result.title ?? "",
      description: result.description ?? "",
      additional_description: result.additional_description ?? "",
      media: absolute(display.resultMedia.get(result.id) ?? result.media),
      show_total: result.show_total ?? false,
      unit: result.unit as PublicQuiz["results"][number]["unit"],
      range_from: result.range_from,
      range_to: result.range_to,
      formula: [...result.formula],
      use_general_formula: result.use_general_formula,
      output: [...result.output],
      button_text: result.button_text ?? "",
      button_link: result.button_link ?? "",
      conditions: result.conditions.map(completeCondition),
      config: result.config,
    })),
    results_settings: {
      show_several: snapshot.results_settings.show_several,
      position: snapshot.results_settings.position,
      output_format: snapshot.results_settings.output_format,
      general_formula: [...snapshot.results_settings.general_formula],
    },
    additions: snapshot.additions
      .filter((addition) => addition.enabled)
      .map((addition) => ({ ...addition, image: absolute(addition.image) }) as PublicAddition),
    fields: snapshot.fields
      .filter((field) => field.enabled)
      .map((field) => ({
        id: field.id,
        sort: field.sort ?? 0,
        type: field.type,
        label: field.label ?? "",
        placeholder: field.placeholder ?? "",
        required: field.required,
        enabled: field.enabled,
      })),
    contact_form: {
      title: contactForm.title,
      description: contactForm.description,
      privacy_policy_url: contactForm.privacy_policy_url,
      thank_you_url: contactForm.thank_you_url,
      button_text: contactForm.button_text,
      button_link: contactForm.button_link,
      auto_redirect_url: contactForm.auto_redirect_url,
      messengers: [...contactForm.messengers],
    },
    analytics: {
      gtm_id: analytics.gtm_id,
      ga_id: analytics.ga_id,
      pixel_id: analytics.pixel_id,
      tiktok_id: analytics.tiktok_id,
    },
    hidden_fields: [...analytics.hidden_fields],
  };
  // A draft the contract refuses is a bug here, not the owner's: it throws (500, logged).
  return publicQuizSchema.parse(candidate);
}

let fonts: Map<string, InstalledFont> | undefined;

/** A fontlist id → {name, family, url} (null: the default font, or one no longer installed). */
function resolveFont(id: number | null): PublicQuiz["design"]["font"] {
  if (id === null) return null;
  const font = fontCatalogue.find((item) => item.id === id);
  if (!font) return null;
  fonts ??= installedFonts();
  const installed = fonts.get(font.slug);
  return installed
    ? { name: font.name, family: font.family, url: fontStylesheetUrl(installed) }
    : null;
}
