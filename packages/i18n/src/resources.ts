import type { InterfaceLanguageCode } from "./languages";
import enAuth from "./locales/en/auth.json";
import enCommon from "./locales/en/common.json";
import enCourses from "./locales/en/courses.json";
import enDashboard from "./locales/en/dashboard.json";
import enDesign from "./locales/en/design.json";
import enEditor from "./locales/en/editor.json";
import enEmail from "./locales/en/email.json";
import enErrors from "./locales/en/errors.json";
import enIntegrations from "./locales/en/integrations.json";
import enLayout from "./locales/en/layout.json";
import enLeads from "./locales/en/leads.json";
import enMoney from "./locales/en/money.json";
import enPublication from "./locales/en/publication.json";
import enQuestions from "./locales/en/questions.json";
import enResults from "./locales/en/results.json";
import enSettings from "./locales/en/settings.json";
import enSupport from "./locales/en/support.json";
import enTemplates from "./locales/en/templates.json";
import enValidation from "./locales/en/validation.json";
import ruAuth from "./locales/ru/auth.json";
import ruCommon from "./locales/ru/common.json";
import ruCourses from "./locales/ru/courses.json";
import ruDashboard from "./locales/ru/dashboard.json";
import ruDesign from "./locales/ru/design.json";
import ruEditor from "./locales/ru/editor.json";
import ruEmail from "./locales/ru/email.json";
import ruErrors from "./locales/ru/errors.json";
import ruIntegrations from "./locales/ru/integrations.json";
import ruLayout from "./locales/ru/layout.json";
import ruLeads from "./locales/ru/leads.json";
import ruMoney from "./locales/ru/money.json";
import ruPublication from "./locales/ru/publication.json";
import ruQuestions from "./locales/ru/questions.json";
import ruResults from "./locales/ru/results.json";
import ruSettings from "./locales/ru/settings.json";
import ruSupport from "./locales/ru/support.json";
import ruTemplates from "./locales/ru/templates.json";
import ruValidation from "./locales/ru/validation.json";
import ukAuth from "./locales/uk/auth.json";
import ukCommon from "./locales/uk/common.json";
import ukCourses from "./locales/uk/courses.json";
import ukDashboard from "./locales/uk/dashboard.json";
import ukDesign from "./locales/uk/design.json";
import ukEditor from "./locales/uk/editor.json";
import ukEmail from "./locales/uk/email.json";
import ukErrors from "./locales/uk/errors.json";
import ukIntegrations from "./locales/uk/integrations.json";
import ukLayout from "./locales/uk/layout.json";
import ukLeads from "./locales/uk/leads.json";
import ukMoney from "./locales/uk/money.json";
import ukPublication from "./locales/uk/publication.json";
import ukQuestions from "./locales/uk/questions.json";
import ukResults from "./locales/uk/results.json";
import ukSettings from "./locales/uk/settings.json";
import ukSupport from "./locales/uk/support.json";
import ukTemplates from "./locales/uk/templates.json";
import ukValidation from "./locales/uk/validation.json";

/** Nested dictionaries: a key like "login.title" is a path in one namespace's JSON. */
export interface Dictionary {
  [key: string]: string | Dictionary;
}

export const namespaces = [
  "common",
  "auth",
  "layout",
  "settings",
  "validation",
  "errors",
  "email",
  "dashboard",
  /** The quiz editor's frame: writes, undo and redo, preview, publishing, history. */
  "editor",
  /** The editor's questions tab: start page, questions, answers, logic. */
  "questions",
  /** The editor's results, contact form and additions tabs, and media uploads. */
  "results",
  "leads",
  /** The editor's integration tab: lead delivery targets and the delivery log. */
  "integrations",
  /** Tariffs, balance, payments and the referral programme. */
  "money",
  /** The editor's design and settings tabs. */
  "design",
  /** The editor's publication setup (config-action): embed modes, snippets, landing. */
  "publication",
  /** The support form and the reviews of the service. */
  "support",
  /** The template catalogue: types, themes, the gallery and copying. */
  "templates",
  /** The course, the specialist profile, the portfolio and the rating. */
  "courses",
] as const;
export type Namespace = (typeof namespaces)[number];

export const resources: Record<InterfaceLanguageCode, Record<Namespace, Dictionary>> = {
  en: {
    common: enCommon,
    auth: enAuth,
    layout: enLayout,
    settings: enSettings,
    validation: enValidation,
    errors: enErrors,
    email: enEmail,
    dashboard: enDashboard,
    design: enDesign,
    editor: enEditor,
    questions: enQuestions,
    results: enResults,
    leads: enLeads,
    integrations: enIntegrations,
    money: enMoney,
    publication: enPublication,
    support: enSupport,
    templates: enTemplates,
    courses: enCourses,
  },
  ru: {
    common: ruCommon,
    auth: ruAuth,
    layout: ruLayout,
    settings: ruSettings,
    validation: ruValidation,
    errors: ruErrors,
    email: ruEmail,
    dashboard: ruDashboard,
    design: ruDesign,
    editor: ruEditor,
    questions: ruQuestions,
    results: ruResults,
    leads: ruLeads,
    integrations: ruIntegrations,
    money: ruMoney,
    publication: ruPublication,
    support: ruSupport,
    templates: ruTemplates,
    courses: ruCourses,
  },
  uk: {
    common: ukCommon,
    auth: ukAuth,
    layout: ukLayout,
    settings: ukSettings,
    validation: ukValidation,
    errors: ukErrors,
    email: ukEmail,
    dashboard: ukDashboard,
    design: ukDesign,
    editor: ukEditor,
    questions: ukQuestions,
    results: ukResults,
    leads: ukLeads,
    integrations: ukIntegrations,
    money: ukMoney,
    publication: ukPublication,
    support: ukSupport,
    templates: ukTemplates,
    courses: ukCourses,
  },
};
