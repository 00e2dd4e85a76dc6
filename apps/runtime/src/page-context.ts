import type { PublicQuiz } from "@leadquiz/contract";

/** Where the visitor answers the quiz (the host page's, when embedded). */
export interface PageContext {
  utm: Record<string, string>;
  referrer: string;
  page_url: string;
  /** The quiz's hidden fields found in the page's query string. */
  hidden: Record<string, string>;
}

/**
 * The lead contract's limits (packages/contract public-quiz.ts; checked by
 * page-context.test.ts). Longer values are cut here: a long host-page address must never
 * get a visitor's lead refused.
 */
export const PAGE_URL_MAX = 2048;
export const UTM_VALUE_MAX = 255;
export const UTM_MAX_ENTRIES = 50;

export const emptyPageContext: PageContext = { utm: {}, referrer: "", page_url: "", hidden: {} };

/** UTM parameters and the quiz's hidden fields from a page address. */
export function readPageContext(
  quiz: Pick<PublicQuiz, "hidden_fields">,
  pageUrl: string,
  referrer: string,
): PageContext {
  const utm: Record<string, string> = {};
  const hidden: Record<string, string> = {};
  let params: URLSearchParams;
  try {
    params = new URL(pageUrl).searchParams;
  } catch {
    params = new URLSearchParams();
  }
  for (const [name, value] of params) {
    if (/^utm_[a-z_]{1,40}$/.test(name) && Object.keys(utm).length < UTM_MAX_ENTRIES) {
      utm[name] = value.slice(0, UTM_VALUE_MAX);
    }
  }
  for (const name of quiz.hidden_fields) {
    const value = params.get(name);
    if (value !== null) hidden[name] = value.slice(0, 1000);
  }
  return {
    utm,
    referrer: referrer.slice(0, PAGE_URL_MAX),
    page_url: pageUrl.slice(0, PAGE_URL_MAX),
    hidden,
  };
}
