import type { Profile } from "@leadquiz/contract";
import { testJwt } from "../../../test/render-app";

/** A signed-in session for the page tests of this folder. */
export const session = { access: testJwt(600), refresh: "r" };

/** A filled profile as `GET profile/` answers it; tests override what they are about. */
export function testProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    first_name: "Anna",
    last_name: "Kovalenko",
    email: "anna@example.com",
    country: "UA",
    city: "Kyiv",
    speciality: "Quiz marketer",
    experience_years: 4,
    languages: ["uk", "en"],
    avatar: null,
    certificate: null,
    slug: "anna-kovalenko",
    is_public: false,
    score: 120,
    ...overrides,
  };
}
