import { randomUUID } from "node:crypto";
import type { LeadListPage } from "@leadquiz/contract";
import { texts as visitorEn } from "@leadquiz/i18n/visitor/en";
import { expect, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import {
  ownerCall,
  publishBranchingQuiz,
  quizOwner,
  sendContacts,
  takePath,
} from "./support/quiz-builder";
import { logInThroughUi, ownClientAddress } from "./support/users";

/**
 * Leads over the per-address rate (docs/leads.md): twelve leads from one address within a
 * minute (an office behind one router) all reach the owner's list, the two over the rate
 * flagged "Over the address rate"; the 13th, at the abuse level this e2e server is set to
 * (`LEAD_REFUSED_PER_ADDRESS_QUIZ=12`, global-setup.ts), is refused, and its visitor reads
 * so on the form with the answers kept, never "Thank you". The owner's notice says it all.
 */
test("twelve leads from one address all reach the owner; a refused one is never shown as sent", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const quiz = await publishBranchingQuiz();
  const office = ownClientAddress();

  // Ten colleagues' leads from hand-written forms, then the 11th: all within seconds.
  for (let n = 1; n <= 11; n += 1) {
    const response = await request.post(`/api/v1/public/quiz/${quiz.publicKey}/lead/`, {
      headers: { "x-forwarded-for": office },
      data: {
        submission_id: randomUUID(),
        answers: [
          { question: quiz.q1.id, answers: [quiz.q1.a.id] },
          { question: quiz.q2a.id, answers: [quiz.q2a.answers[0].id] },
        ],
        contacts: { name: `Colleague ${n}`, phone: `+1202555${String(100 + n).padStart(4, "0")}` },
        consent: true,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  // The 12th in the browser, from the same address: flagged, and "sent" as any lead.
  const visitor = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": office } });
  const twelfth = await visitor.newPage();
  await twelfth.goto(quiz.publicUrl);
  await takePath(twelfth, quiz, "a");
  await sendContacts(twelfth, {
    name: "Twelfth Visitor",
    phone: "+12025550199",
    email: "twelfth@example.com",
  });
  await expect(twelfth.getByRole("heading", { name: "Thank you!" })).toBeVisible();

  // The 13th: refused at the abuse level; the visitor is told, the form stays filled.
  const thirteenth = await visitor.newPage();
  await thirteenth.goto(quiz.publicUrl);
  await takePath(thirteenth, quiz, "a");
  await sendContacts(thirteenth, {
    name: "Thirteenth Visitor",
    phone: "+12025550198",
    email: "thirteenth@example.com",
  });
  await expect(thirteenth.getByRole("alert")).toHaveText(visitorEn.lead_refused);
  await expect(thirteenth.getByRole("heading", { name: "Thank you!" })).toHaveCount(0);
  await expect(thirteenth.getByText(visitorEn.thank_you_text)).toHaveCount(0);
  await expect(thirteenth.getByLabel("Name")).toHaveValue("Thirteenth Visitor");
  await expect(thirteenth.getByLabel("E-mail")).toHaveValue("thirteenth@example.com");
  await visitor.close();

  // All twelve are the owner's; the two over the rate are flagged.
  const all = await ownerCall<LeadListPage>("GET", `/leadslist/?quiz=${quiz.id}&limit=100`);
  expect(all.results).toHaveLength(12);
  const flagged = all.results.filter((lead) => lead.flags.includes("over_rate"));
  expect(flagged).toHaveLength(2);

  // The owner's screen: the notice, the flag on the rows, the filter; axe on it.
  const { email, password } = await quizOwner();
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": ownClientAddress() });
  await page.goto("/login?redirectUrl=%2Fleads");
  await logInThroughUi(page, email, password);
  await expect(page.getByRole("heading", { name: "Leads", exact: true })).toBeVisible();
  const notice = page.getByTestId("over-rate-notice");
  await expect(notice).toContainText("Many leads came from one address");
  await expect(notice).toContainText(/lead(s)? in the last 7 days (was|were) refused/);
  await expectNoViolations(page, "leads screen with the over-rate notice");
  await notice.getByRole("button", { name: "Show these leads" }).click();
  await page.getByTestId("filter-quiz").click();
  await page.getByRole("option", { name: quiz.title }).click();
  const flags = page.getByTestId("lead-flags").filter({ hasText: "Over the address rate" });
  await expect(flags).toHaveCount(2);
});
