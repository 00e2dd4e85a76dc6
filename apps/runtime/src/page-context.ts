import type { PublicQuiz } from "@leadquiz/contract";

/** Where the visitor answers the quiz (the host page's, when embedded). */
export interface PageContext {
  utm: Record<string, string>;
  referrer: string;
  page_url: string;
  /** The quiz's hidden fields found in the page's query string. */
  hidden: Record<string, string>;
}

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
    if (/^utm_[a-z_]{1,40}$/.test(name)) utm[name] = value.slice(0, 255);
  }
  for (const name of quiz.hidden_fields) {
    const value = params.get(name);
    if (value !== null) hidden[name] = value.slice(0, 1000);
  }
  return { utm, referrer, page_url: pageUrl, hidden };
}
