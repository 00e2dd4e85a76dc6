import type { InterfaceLanguageCode } from "./languages";

/**
 * Texts of the public specialist profile page, /u/{slug} (docs/profile-rating.md "Public
 * page"), rendered on the server. `{{name}}`-style placeholders are filled by the page.
 */
export interface ProfilePageTexts {
  /** The page title and og:title: "{{name}} — {{speciality}}" or just the name. */
  titleWithSpeciality: string;
  /** og:description when the profile names a speciality and a place. */
  description: string;
  /** og:description with nothing more to say than the product. */
  descriptionPlain: string;
  speciality: string;
  location: string;
  experience: string;
  /** Years of experience by plural category (Intl.PluralRules of the language). */
  years: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
  languages: string;
  certificate: string;
  certificateLink: string;
  rating: string;
  /** "Place {{position}} in the world rating, score {{score}}". */
  ratingValue: string;
  portfolio: string;
  portfolioFile: string;
  workDone: string;
  results: string;
  avatarAlt: string;
  /** The link to the product at the bottom. */
  madeWith: string;
  notFoundTitle: string;
  notFoundBody: string;
  homeLink: string;
}

const en: ProfilePageTexts = {
  titleWithSpeciality: "{{name}} — {{speciality}}",
  description: "{{speciality}}, {{place}}. Specialist profile and portfolio on Leadquiz.",
  descriptionPlain: "Specialist profile and portfolio on Leadquiz.",
  speciality: "Speciality",
  location: "Location",
  experience: "Experience",
  years: { one: "{{count}} year", other: "{{count}} years" },
  languages: "Languages",
  certificate: "Certificate",
  certificateLink: "Download the certificate",
  rating: "Rating",
  ratingValue: "Place {{position}} in the world rating, score {{score}} of 1000",
  portfolio: "Portfolio",
  portfolioFile: "Open the file",
  workDone: "Work done",
  results: "Results",
  avatarAlt: "Photo of {{name}}",
  madeWith: "Quizzes that bring leads: Leadquiz",
  notFoundTitle: "Profile not found",
  notFoundBody: "This profile does not exist or its owner has made it private.",
  homeLink: "Go to Leadquiz",
};

const ru: ProfilePageTexts = {
  titleWithSpeciality: "{{name}} — {{speciality}}",
  description: "{{speciality}}, {{place}}. Профиль специалиста и портфолио на Leadquiz.",
  descriptionPlain: "Профиль специалиста и портфолио на Leadquiz.",
  speciality: "Специализация",
  location: "Местоположение",
  experience: "Опыт",
  years: {
    one: "{{count}} год",
    few: "{{count}} года",
    many: "{{count}} лет",
    other: "{{count}} года",
  },
  languages: "Языки",
  certificate: "Сертификат",
  certificateLink: "Скачать сертификат",
  rating: "Рейтинг",
  ratingValue: "{{position}} место в мировом рейтинге, баллы: {{score}} из 1000",
  portfolio: "Портфолио",
  portfolioFile: "Открыть файл",
  workDone: "Что сделано",
  results: "Результаты",
  avatarAlt: "Фото: {{name}}",
  madeWith: "Квизы, которые приносят заявки: Leadquiz",
  notFoundTitle: "Профиль не найден",
  notFoundBody: "Такого профиля нет, или владелец скрыл его.",
  homeLink: "Перейти на Leadquiz",
};

const uk: ProfilePageTexts = {
  titleWithSpeciality: "{{name}} — {{speciality}}",
  description: "{{speciality}}, {{place}}. Профіль спеціаліста і портфоліо на Leadquiz.",
  descriptionPlain: "Профіль спеціаліста і портфоліо на Leadquiz.",
  speciality: "Спеціалізація",
  location: "Місцезнаходження",
  experience: "Досвід",
  years: {
    one: "{{count}} рік",
    few: "{{count}} роки",
    many: "{{count}} років",
    other: "{{count}} року",
  },
  languages: "Мови",
  certificate: "Сертифікат",
  certificateLink: "Завантажити сертифікат",
  rating: "Рейтинг",
  ratingValue: "{{position}} місце у світовому рейтингу, бали: {{score}} із 1000",
  portfolio: "Портфоліо",
  portfolioFile: "Відкрити файл",
  workDone: "Що зроблено",
  results: "Результати",
  avatarAlt: "Фото: {{name}}",
  madeWith: "Квізи, що приносять заявки: Leadquiz",
  notFoundTitle: "Профіль не знайдено",
  notFoundBody: "Такого профілю немає, або власник приховав його.",
  homeLink: "Перейти на Leadquiz",
};

export const profilePageTexts: Record<InterfaceLanguageCode, ProfilePageTexts> = { en, ru, uk };
