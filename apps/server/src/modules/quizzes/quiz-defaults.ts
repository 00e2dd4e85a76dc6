import type {
  Analytics,
  ContactForm,
  Design,
  FormField,
  ResultsSettings,
  StartPage,
} from "@leadquiz/contract";
import { DEFAULT_QUIZ_LANGUAGE_ID, FormFieldType } from "@leadquiz/contract";
import { isInterfaceLanguage, languageIds } from "@leadquiz/i18n";

/**
 * What a quiz's nested objects read as when a key was never set (the presenter fills them
 * in) — and what `POST quiz/` stores outright. Texts are empty: the runtime shows its own
 * text in the quiz's language for an empty button or form text.
 */
export const startPageDefaults: StartPage = {
  enabled: true,
  title: "",
  description: "",
  button_text: "",
  media: null,
  company_name: "",
  legal_text: "",
};

export const designDefaults: Design = {
  button_color: "#2563eb",
  button_text_color: "#ffffff",
  text_color: "#111827",
  background_color: "#ffffff",
  background_image: null,
  font: null,
  button_style: 1,
  progress_bar: true,
  disable_display: false,
  auto_advance: false,
  start_layout: "beside",
};

export const contactFormDefaults: ContactForm = {
  title: "",
  description: "",
  privacy_policy_url: null,
  thank_you_url: null,
  button_text: "",
  button_link: null,
  auto_redirect_url: null,
  messengers: [],
};

export type ResultsSettingsInput = Omit<
  ResultsSettings,
  "general_formula_valid" | "general_formula_errors"
>;

/** Results come after the contact form (the lead first), chosen by their conditions. */
export const resultsSettingsDefaults: ResultsSettingsInput = {
  show_several: false,
  position: "after_form",
  output_format: "logic",
  general_formula: [],
};

export const analyticsDefaults: Analytics = {
  gtm_id: "",
  ga_id: "",
  pixel_id: "",
  tiktok_id: "",
  hidden_fields: [],
};

/**
 * The contact form of a new quiz: name (type 1 Title), phone (2) and e-mail (3), all
 * enabled; name and phone required. Labels are empty: the runtime shows the type's own
 * label in the quiz's language until the owner types one.
 */
export const defaultFormFields: ReadonlyArray<
  Pick<FormField, "sort" | "type" | "label" | "placeholder" | "required" | "enabled">
> = [
  { sort: 0, type: FormFieldType.Name, label: "", placeholder: "", required: true, enabled: true },
  { sort: 1, type: FormFieldType.Phone, label: "", placeholder: "", required: true, enabled: true },
  {
    sort: 2,
    type: FormFieldType.Email,
    label: "",
    placeholder: "",
    required: false,
    enabled: true,
  },
];

/** Default titles and the copy suffix in the owner's interface language (en, ru, uk). */
const texts = {
  en: { project: "New project", quiz: "New quiz", copy: " (copy)" },
  ru: { project: "Новый проект", quiz: "Новый квиз", copy: " (копия)" },
  uk: { project: "Новий проєкт", quiz: "Новий квіз", copy: " (копія)" },
} as const;

type DefaultText = keyof (typeof texts)["en"];

/** A default text in the owner's interface language (English for anything else). */
export function defaultText(languageCode: string, key: DefaultText): string {
  return (isInterfaceLanguage(languageCode) ? texts[languageCode] : texts.en)[key];
}

/** "Title (copy)", cut so that it stays within the title limit. */
export function copyTitle(title: string, languageCode: string, maxLength: number): string {
  const suffix = defaultText(languageCode, "copy");
  return [...title].slice(0, Math.max(0, maxLength - suffix.length)).join("") + suffix;
}

/** The languagelist id of the owner's interface language (en 2 when unknown). */
export function quizLanguageIdFor(languageCode: string): number {
  return isInterfaceLanguage(languageCode) ? languageIds[languageCode] : DEFAULT_QUIZ_LANGUAGE_ID;
}
