import {
  apiPaths,
  errorBodySchema,
  reviewCreateSchema,
  reviewListQuerySchema,
  reviewPageSchema,
  reviewSchema,
  supportRequestCreatedSchema,
  supportRequestSchema,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { rateLimitFor } from "../../plugins/rate-limit";
import { createSupportService } from "./support.service";

const tags = ["support and reviews"];

/**
 * POST support/, GET service-feedback-list/, POST create-feedback/ (signed-in owners;
 * docs/api.md "Support and reviews").
 */
export async function supportRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createSupportService(context);
  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.post(
      apiPaths.support,
      {
        ...rateLimitFor(app, "support"),
        schema: {
          tags,
          summary: "Sends a support request",
          description:
            "Stores the request and mails it to the operators' address (SUPPORT_EMAIL; " +
            "replies go to `email`), with a copy to the account's own address; nothing is " +
            "sent to `email` itself. 10 per hour per client, 5 per hour per address " +
            "(429 `rate_limited`).",
          body: supportRequestSchema,
          response: {
            201: supportRequestCreatedSchema,
            400: validationErrorBodySchema,
            401: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.request(request.userId, request.body)),
    );

    routes.get(
      apiPaths.reviews,
      {
        schema: {
          tags,
          summary: "Lists the reviews of the service",
          description:
            "Newest first, 10 per page; `next` is the cursor of the following page. `own` is " +
            "the caller's review (null when they have none).",
          querystring: reviewListQuerySchema,
          response: { 200: reviewPageSchema, 400: validationErrorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => service.list(request.userId, request.query.cursor),
    );

    routes.post(
      apiPaths.createReview,
      {
        schema: {
          tags,
          summary: "Leaves or edits the account's review",
          description:
            "One review per account: the first call makes it (201), a later one replaces " +
            "its rating and text (200). The text is plain text (HTML is kept as typed and " +
            "shown escaped).",
          body: reviewCreateSchema,
          response: {
            200: reviewSchema,
            201: reviewSchema,
            400: validationErrorBodySchema,
            401: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const { review, created } = await service.save(request.userId, request.body);
        return reply.status(created ? 201 : 200).send(review);
      },
    );
  });
}
