import { errorBodySchema, validationErrorBodySchema } from "../errors";
import { publicSettingsQuerySchema, publicSettingsSchema } from "../public-settings";
import {
  reviewCreateSchema,
  reviewListQuerySchema,
  reviewPageSchema,
  reviewSchema,
  supportRequestCreatedSchema,
  supportRequestSchema,
} from "../support";
import { endpoint } from "./endpoint";

const tags = ["support and reviews"];

/** Support requests, reviews (docs/api.md "Support and reviews") and the public settings. */
export const supportEndpoints = {
  getPublicSettings: endpoint({
    method: "GET",
    path: "/key_value/",
    operationId: "getPublicSettings",
    tags: ["public settings"],
    summary: "Public settings",
    description:
      "Repeat `keys` for each setting wanted. Known keys: referral_percentage, " +
      "min_withdrawal (currency units), trial_days, visitor_url (the origin of the quiz " +
      "pages, landings, public profiles and embed.js), course_url and support_email (the " +
      "last two only when the operator configured them). Unknown keys are left out.",
    query: publicSettingsQuerySchema,
    responses: { 200: publicSettingsSchema, 400: validationErrorBodySchema },
  }),
  sendSupportRequest: endpoint({
    method: "POST",
    path: "/support/",
    operationId: "sendSupportRequest",
    tags,
    summary: "Sends a support request",
    description:
      "Stores the request and mails it to the operators' address (SUPPORT_EMAIL; " +
      "replies go to `email`), with a copy to the account's own address; nothing is " +
      "sent to `email` itself. 10 per hour per client, 5 per hour per address " +
      "(429 `rate_limited`).",
    body: supportRequestSchema,
    responses: {
      201: supportRequestCreatedSchema,
      400: validationErrorBodySchema,
      401: errorBodySchema,
      429: errorBodySchema,
    },
  }),
  listReviews: endpoint({
    method: "GET",
    path: "/service-feedback-list/",
    operationId: "listReviews",
    tags,
    summary: "Lists the reviews of the service",
    description:
      "Newest first, 10 per page; `next` is the cursor of the following page. `own` is " +
      "the caller's review (null when they have none).",
    query: reviewListQuerySchema,
    responses: { 200: reviewPageSchema, 400: validationErrorBodySchema, 401: errorBodySchema },
  }),
  saveReview: endpoint({
    method: "POST",
    path: "/create-feedback/",
    operationId: "saveReview",
    tags,
    summary: "Leaves or edits the account's review",
    description:
      "One review per account: the first call makes it (201), a later one replaces " +
      "its rating and text (200). The text is plain text (HTML is kept as typed and " +
      "shown escaped).",
    body: reviewCreateSchema,
    responses: {
      200: reviewSchema,
      201: reviewSchema,
      400: validationErrorBodySchema,
      401: errorBodySchema,
    },
  }),
} as const;
