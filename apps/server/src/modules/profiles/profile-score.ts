import { RATING_SCORE_MAX } from "@leadquiz/contract";

/** What the score is computed from (docs/profile-rating.md "Score"). */
export interface ScoreInputs {
  firstName: string;
  lastName: string;
  country: string | null;
  city: string;
  speciality: string;
  experienceYears: number;
  languages: readonly string[];
  avatar: string | null;
  certificate: string | null;
  portfolioItems: number;
  /** Quizzes of the account that are published and not deleted. */
  publishedQuizzes: number;
  /** Complete (not partial) leads the account's quizzes collected in the last 90 days. */
  recentLeads: number;
}

/** The parts of the score, each capped; their caps add up to RATING_SCORE_MAX (1000). */
export function scoreParts(inputs: ScoreInputs) {
  const filled = [
    inputs.firstName.trim() !== "" && inputs.lastName.trim() !== "",
    inputs.country !== null,
    inputs.city.trim() !== "",
    inputs.speciality.trim() !== "",
    inputs.experienceYears > 0,
    inputs.languages.length > 0,
    inputs.avatar !== null,
  ].filter(Boolean).length;
  return {
    /** 20 per filled item of 7: max 140. */
    completeness: filled * 20,
    /** 100 with a certificate. */
    certificate: inputs.certificate ? 100 : 0,
    /** 20 per portfolio item, up to 10 items: max 200. */
    portfolio: Math.min(inputs.portfolioItems, 10) * 20,
    /** 5 per year of experience, up to 20 years: max 100. */
    experience: Math.min(inputs.experienceYears, 20) * 5,
    /** 30 per published quiz, up to 10: max 300. */
    quizzes: Math.min(inputs.publishedQuizzes, 10) * 30,
    /** 40 × log10(1 + leads), rounded down, up to 160 (10 000 leads): max 160. */
    leads: Math.min(160, Math.floor(40 * Math.log10(1 + Math.max(0, inputs.recentLeads)))),
  };
}

/** The score: the sum of the parts, an integer from 0 to 1000. */
export function profileScore(inputs: ScoreInputs): number {
  const total = Object.values(scoreParts(inputs)).reduce((sum, part) => sum + part, 0);
  return Math.max(0, Math.min(RATING_SCORE_MAX, total));
}
