import {
  REVIEW_PAGE_SIZE,
  REVIEW_TEXT_MAX_LENGTH,
  SUPPORT_TEXT_MAX_LENGTH,
} from "@leadquiz/contract";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { serviceReviews, supportRequests, users } from "../../db/schema";
import { apiCall, expectCall, registerUser, type TestUser } from "../../test-support/api-client";
import { useMailingTestApp } from "../../test-support/mailing-test-app";
import { parseMail } from "../../test-support/parse-mail";

const OPERATORS = "help@leadquiz.test";

describe("support requests", () => {
  const mailing = useMailingTestApp({ SUPPORT_EMAIL: OPERATORS });
  const t = () => mailing.app;

  async function emailOf(user: TestUser): Promise<string> {
    const [me] = await expectCall<{ email: string }[]>(t(), 200, "GET", "/userinfo/", { user });
    if (!me) throw new Error("no userinfo");
    return me.email;
  }

  async function storedRequests(userId: number) {
    return t().database.db.select().from(supportRequests).where(eq(supportRequests.userId, userId));
  }

  it("stores the request, mails it to the operators (replies to the sender) and a copy to the account", async () => {
    const user = await registerUser(t(), { language: "ru" });
    const account = await emailOf(user);
    const text = "The embed does not show on my checkout page.\n<b>urgent</b> & soon";
    const created = await expectCall<{ id: number; email: string }>(t(), 201, "POST", "/support/", {
      user,
      body: { email: "  Reply.Here@Example.com ", text: `  ${text}  ` },
    });
    expect(created.email).toBe("reply.here@example.com");
    expect(await storedRequests(user.id)).toMatchObject([
      { id: created.id, email: "reply.here@example.com", text },
    ]);

    const toOperators = await mailing.smtp.next({ to: OPERATORS });
    const operatorsMail = parseMail(toOperators.raw);
    expect(operatorsMail.subject).toBe(
      `Support request #${created.id} from reply.here@example.com`,
    );
    expect(operatorsMail.headers["reply-to"]).toContain("reply.here@example.com");
    expect(operatorsMail.text).toContain(`Account: ${account}`);
    expect(operatorsMail.text).toContain(text);
    // The HTML part shows the text, escaped.
    expect(operatorsMail.html).toContain("&lt;b&gt;urgent&lt;/b&gt; &amp; soon");
    expect(operatorsMail.html).not.toContain("<b>urgent</b>");

    const copy = parseMail((await mailing.smtp.next({ to: account })).raw);
    expect(copy.text).toContain("reply.here@example.com");
    expect(copy.subject).toBe(`Ваше обращение в поддержку Leadquiz №${created.id}`);
    expect(copy.text).toContain(text);
    expect(copy.text).toContain("http://localhost:3000/support");
  });

  it("mails only the account's own address and the operators, whatever the body names", async () => {
    const user = await registerUser(t());
    const account = await emailOf(user);
    await t().app.mailer.idle();
    const sentBefore = mailing.smtp.received.length;
    const created = await expectCall<{ id: number; email: string }>(t(), 201, "POST", "/support/", {
      user,
      body: {
        email: "someone-else@example.com",
        text: "Buy cheap watches\r\nBcc: victim@example.com\r\nTo: victim2@example.com",
      },
    });
    // The address the owner gave is where the operators answer (Reply-To), never a recipient.
    expect(created.email).toBe("someone-else@example.com");
    const toOperators = parseMail((await mailing.smtp.next({ to: OPERATORS })).raw);
    expect(toOperators.headers["reply-to"]).toContain("someone-else@example.com");
    expect(toOperators.text).toContain(`Account: ${account}`);
    const copy = parseMail((await mailing.smtp.next({ to: account })).raw);
    expect(copy.text).toContain("someone-else@example.com");
    await t().app.mailer.idle();
    const recipients = mailing.smtp.received.slice(sentBefore).flatMap((mail) => mail.to);
    expect(recipients.sort()).toEqual([OPERATORS, account].sort());

    // A header smuggled into the address is refused before anything is stored or sent.
    for (const email of [
      "a@example.com\r\nBcc: victim@example.com",
      "a@example.com\nBcc: victim@example.com",
      "a@example.com, victim@example.com",
      "a@example.com>\r\nBcc:<victim@example.com",
    ]) {
      const refused = await apiCall(t(), "POST", "/support/", {
        user,
        body: { email, text: "Help" },
        language: "uk",
      });
      expect(refused.statusCode, email).toBe(400);
      expect(Object.keys(refused.json())).toEqual(["email"]);
    }
    await t().app.mailer.idle();
    expect(mailing.smtp.received.slice(sentBefore)).toHaveLength(2);
    expect(await storedRequests(user.id)).toHaveLength(1);
  });

  it("refuses bad input with translated field errors and stores and mails nothing", async () => {
    const user = await registerUser(t());
    const sentBefore = mailing.smtp.received.length;
    const cases: [unknown, string, string][] = [
      [{ email: "", text: "Help" }, "email", "Required field"],
      [{ email: "not-an-address", text: "Help" }, "email", "Invalid email"],
      [{ email: "a@example.com", text: "   " }, "text", "Required field"],
      [
        { email: "a@example.com", text: "x".repeat(SUPPORT_TEXT_MAX_LENGTH + 1) },
        "text",
        "The value is too long",
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await apiCall(t(), "POST", "/support/", { user, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()[field]).toEqual([message]);
    }
    const ru = await apiCall(t(), "POST", "/support/", {
      user,
      body: { email: "a@example.com", text: "" },
      language: "ru",
    });
    expect(ru.json().text).toEqual(["Обязательное поле"]);
    expect(await storedRequests(user.id)).toEqual([]);
    await t().app.mailer.idle();
    // Only the registration's verification mail went out meanwhile.
    expect(mailing.smtp.received.slice(sentBefore).every((m) => !m.to.includes(OPERATORS))).toBe(
      true,
    );
  });

  it("answers 401 without an account", async () => {
    const response = await apiCall(t(), "POST", "/support/", {
      body: { email: "a@example.com", text: "Help" },
    });
    expect(response.statusCode).toBe(401);
  });

  it("limits requests per reply address and per client address (429 with Retry-After)", async () => {
    const user = await registerUser(t());
    const body = { email: "limited@example.com", text: "Again" };
    for (let i = 0; i < 5; i += 1) {
      await expectCall(t(), 201, "POST", "/support/", { user, body });
    }
    const sixth = await apiCall(t(), "POST", "/support/", { user, body, language: "ru" });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe("rate_limited");
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(0);
    expect(await storedRequests(user.id)).toHaveLength(5);

    const ip = "10.99.0.1";
    for (let i = 0; i < 10; i += 1) {
      await expectCall(t(), 201, "POST", "/support/", {
        user,
        ip,
        body: { email: `ip-${i}@example.com`, text: "From one client" },
      });
    }
    const eleventh = await apiCall(t(), "POST", "/support/", {
      user,
      ip,
      body: { email: "ip-new@example.com", text: "From one client" },
    });
    expect(eleventh.statusCode).toBe(429);
    expect(await storedRequests(user.id)).toHaveLength(15);
  });
});

interface Review {
  id: number;
  author: string;
  rating: number;
  text: string;
  created_at: string;
  updated_at: string;
}
interface ReviewPage {
  count: number;
  next: string | null;
  results: Review[];
  own: Review | null;
}

describe("reviews of the service", () => {
  const mailing = useMailingTestApp();
  const t = () => mailing.app;

  async function named(firstName: string, lastName: string): Promise<TestUser> {
    const user = await registerUser(t());
    await t().database.db.update(users).set({ firstName, lastName }).where(eq(users.id, user.id));
    return user;
  }

  async function reviewCount(): Promise<number> {
    const [row] = await t().database.db.select({ n: count() }).from(serviceReviews);
    return Number(row?.n ?? 0);
  }

  it("makes the account's review (201), then edits the same one (200); the list shows it with the author's display name", async () => {
    const anna = await named("Anna", "kovalenko");
    const made = await expectCall<Review>(t(), 201, "POST", "/create-feedback/", {
      user: anna,
      body: { rating: 4, text: "  Good builder  " },
    });
    expect(made).toMatchObject({ author: "Anna K.", rating: 4, text: "Good builder" });

    const edited = await expectCall<Review>(t(), 200, "POST", "/create-feedback/", {
      user: anna,
      body: { rating: 5, text: "Great builder" },
    });
    expect(edited).toMatchObject({ id: made.id, rating: 5, text: "Great builder" });
    expect(edited.created_at).toBe(made.created_at);
    expect(await reviewCount()).toBe(1);

    const page = await expectCall<ReviewPage>(t(), 200, "GET", "/service-feedback-list/", {
      user: anna,
    });
    expect(page.results).toEqual([edited]);
    expect(page.own).toEqual(edited);

    const other = await registerUser(t());
    const seen = await expectCall<ReviewPage>(t(), 200, "GET", "/service-feedback-list/", {
      user: other,
    });
    expect(seen.results).toEqual([edited]);
    expect(seen.own).toBeNull();
  });

  it("refuses an HTML payload with a translated error and stores nothing; a lone < is text", async () => {
    const user = await named("", "");
    const before = await reviewCount();
    for (const html of [
      `<img src=x onerror="alert(1)"><script>alert('x')</script>`,
      "Great tool, <b>really</b>",
      "Nice <!-- hidden --> tool",
    ]) {
      const refused = await apiCall(t(), "POST", "/create-feedback/", {
        user,
        language: "ru",
        body: { rating: 3, text: html },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        text: ["Отзыв — это обычный текст: уберите HTML-теги (например, <b> или <img>)"],
      });
    }
    expect(await reviewCount()).toBe(before);

    const plain = "I <3 it: leads < 5 minutes after publishing > any form we had";
    const made = await expectCall<Review>(t(), 201, "POST", "/create-feedback/", {
      user,
      body: { rating: 3, text: plain },
    });
    expect(made.text).toBe(plain);
    expect(made.author).toBe("");
    const [row] = await t()
      .database.db.select()
      .from(serviceReviews)
      .where(eq(serviceReviews.userId, user.id));
    expect(row?.text).toBe(plain);
  });

  it("refuses a bad rating, an empty or too long text with translated errors and changes nothing", async () => {
    const user = await registerUser(t());
    await expectCall(t(), 201, "POST", "/create-feedback/", {
      user,
      body: { rating: 2, text: "Kept" },
    });
    const before = await reviewCount();
    const cases: [unknown, string, string][] = [
      [{ rating: 0, text: "Hi" }, "rating", "Choose a rating from 1 to 5 stars"],
      [{ rating: 6, text: "Hi" }, "rating", "Choose a rating from 1 to 5 stars"],
      [{ rating: 4.5, text: "Hi" }, "rating", "Choose a rating from 1 to 5 stars"],
      [{ rating: "5", text: "Hi" }, "rating", "Choose a rating from 1 to 5 stars"],
      [{ text: "Hi" }, "rating", "Choose a rating from 1 to 5 stars"],
      [{ rating: 5, text: "  " }, "text", "Required field"],
      [
        { rating: 5, text: "y".repeat(REVIEW_TEXT_MAX_LENGTH + 1) },
        "text",
        "The value is too long",
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await apiCall(t(), "POST", "/create-feedback/", { user, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()[field], JSON.stringify(body)).toEqual([message]);
    }
    const ru = await apiCall(t(), "POST", "/create-feedback/", {
      user,
      body: { rating: 9, text: "Hi" },
      language: "ru",
    });
    expect(ru.json().rating).toEqual(["Выберите оценку от 1 до 5 звёзд"]);
    expect(await reviewCount()).toBe(before);
    const page = await expectCall<ReviewPage>(t(), 200, "GET", "/service-feedback-list/", {
      user,
    });
    expect(page.own).toMatchObject({ rating: 2, text: "Kept" });
  });

  it("lists the reviews newest first in pages that follow each other", async () => {
    const reviewers: TestUser[] = [];
    for (let i = 0; i < REVIEW_PAGE_SIZE + 3; i += 1) {
      const user = await named(`Reviewer${i}`, "");
      reviewers.push(user);
      await expectCall(t(), 201, "POST", "/create-feedback/", {
        user,
        body: { rating: (i % 5) + 1, text: `Review number ${i}` },
      });
    }
    const total = await reviewCount();
    const viewer = reviewers[0] as TestUser;
    const first = await expectCall<ReviewPage>(t(), 200, "GET", "/service-feedback-list/", {
      user: viewer,
    });
    expect(first.count).toBe(total);
    expect(first.results).toHaveLength(REVIEW_PAGE_SIZE);
    expect(first.results[0]?.text).toBe(`Review number ${REVIEW_PAGE_SIZE + 2}`);
    expect(first.next).not.toBeNull();
    // The viewer's own review is on a later page, and still answered as `own`.
    expect(first.own?.text).toBe("Review number 0");

    const seen = [...first.results];
    let cursor = first.next;
    while (cursor) {
      const page = await expectCall<ReviewPage>(
        t(),
        200,
        "GET",
        `/service-feedback-list/?cursor=${cursor}`,
        { user: viewer },
      );
      seen.push(...page.results);
      cursor = page.next;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((r) => r.id)).size).toBe(total);
    const ids = seen.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const bad = await apiCall(t(), "GET", "/service-feedback-list/?cursor=abc", { user: viewer });
    expect(bad.statusCode).toBe(400);
  });

  it("(without SUPPORT_EMAIL) still stores a support request and mails the account's copy", async () => {
    const user = await registerUser(t());
    const [me] = await expectCall<{ email: string }[]>(t(), 200, "GET", "/userinfo/", { user });
    const account = me?.email ?? "";
    const created = await expectCall<{ id: number }>(t(), 201, "POST", "/support/", {
      user,
      body: { email: "solo@example.com", text: "Nobody configured the team's address" },
    });
    const [row] = await t()
      .database.db.select()
      .from(supportRequests)
      .where(eq(supportRequests.id, created.id));
    expect(row?.text).toBe("Nobody configured the team's address");
    const copy = await mailing.smtp.next({ to: account });
    expect(parseMail(copy.raw).text).toContain("solo@example.com");
    expect(parseMail(copy.raw).headers["reply-to"]).toBeUndefined();
    await t().app.mailer.idle();
    expect(mailing.smtp.received.filter((m) => m.to.includes(OPERATORS))).toEqual([]);
  });

  it("answers 401 without an account", async () => {
    expect((await apiCall(t(), "GET", "/service-feedback-list/")).statusCode).toBe(401);
    expect(
      (await apiCall(t(), "POST", "/create-feedback/", { body: { rating: 5, text: "x" } }))
        .statusCode,
    ).toBe(401);
  });
});
