import {
  REVIEW_PAGE_SIZE,
  type Review,
  type ReviewCreate,
  type ReviewPage,
  type SupportRequest,
  type SupportRequestCreated,
} from "@leadquiz/contract";
import { DEFAULT_LANGUAGE, isInterfaceLanguage } from "@leadquiz/i18n";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { renderActionEmail } from "../../mail/mail-templates";
import { findUserById } from "../accounts";
import {
  countReviews,
  findReviewOfUser,
  insertSupportRequest,
  listReviews,
  type ReviewRow,
  upsertReview,
} from "./support.repository";

/** "Anna K.": the first name and the last name's initial; "" when the account gave neither. */
export function displayName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = Array.from(lastName.trim())[0];
  if (!initial) return first;
  return first ? `${first} ${initial.toUpperCase()}.` : `${initial.toUpperCase()}.`;
}

function reviewOf(row: ReviewRow): Review {
  return {
    id: row.id,
    author: displayName(row.firstName, row.lastName),
    rating: row.rating,
    text: row.text,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The support form and the reviews of the service (docs/api.md "Support and reviews").
 * Texts are kept as plain text exactly as trimmed by the contract; the web app shows them
 * escaped and the e-mails escape them in their HTML part.
 */
export function createSupportService(
  ctx: Pick<AppContext, "db" | "config" | "mailer">,
  now: () => Date = () => new Date(),
) {
  return {
    /**
     * Stores the request, then mails it to the operators (SUPPORT_EMAIL, replies go to the
     * address the owner gave) and a copy to the account's own address, in the background: a
     * slow mail server never fails the answer, the stored row is the record. Nothing is ever
     * sent to the address in the body (docs/security.md: the form is no relay for mail to
     * strangers); it is only the operators' Reply-To, and the contract's e-mail rule keeps
     * line breaks (and so any extra header) out of it.
     */
    async request(userId: number, body: SupportRequest): Promise<SupportRequestCreated> {
      const user = await findUserById(ctx.db, userId);
      if (!user) throw new AppError("token_not_valid");
      const email = body.email.trim().toLowerCase();
      const text = body.text.trim();
      const row = await insertSupportRequest(ctx.db, { userId, email, text });
      const params = {
        link: `${ctx.config.publicUrl}/support`,
        email,
        account: user.email,
        number: String(row.id),
        text,
      };
      const operators = ctx.config.supportEmail;
      if (operators) {
        ctx.mailer.send(
          {
            to: operators,
            replyTo: email,
            ...renderActionEmail(DEFAULT_LANGUAGE, "support_request", {
              ...params,
              link: `mailto:${email}`,
            }),
          },
          "support_request",
        );
      }
      const language = isInterfaceLanguage(user.languageCode)
        ? user.languageCode
        : DEFAULT_LANGUAGE;
      ctx.mailer.send(
        {
          to: user.email,
          ...(operators ? { replyTo: operators } : {}),
          ...renderActionEmail(language, "support_copy", params),
        },
        "support_copy",
      );
      return { id: row.id, email, created_at: row.createdAt.toISOString() };
    },

    /** A page of reviews, newest first, and the caller's own review. */
    async list(userId: number, cursor: string | undefined): Promise<ReviewPage> {
      const before = cursor === undefined ? undefined : Number(cursor);
      const [rows, total, own] = await Promise.all([
        listReviews(ctx.db, before, REVIEW_PAGE_SIZE + 1),
        countReviews(ctx.db),
        findReviewOfUser(ctx.db, userId),
      ]);
      const page = rows.slice(0, REVIEW_PAGE_SIZE);
      const last = page.at(-1);
      return {
        count: total,
        next: rows.length > REVIEW_PAGE_SIZE && last ? String(last.id) : null,
        results: page.map(reviewOf),
        own: own ? reviewOf(own) : null,
      };
    },

    /** Makes the account's review, or replaces the one it has; answers it and whether it is new. */
    async save(userId: number, body: ReviewCreate): Promise<{ review: Review; created: boolean }> {
      const { created } = await upsertReview(
        ctx.db,
        userId,
        { rating: body.rating, text: body.text.trim() },
        now(),
      );
      const row = await findReviewOfUser(ctx.db, userId);
      if (!row) throw new Error("review not found after saving");
      return { review: reviewOf(row), created };
    },
  };
}
