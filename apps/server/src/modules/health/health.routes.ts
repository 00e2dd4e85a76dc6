import { healthResponseSchema } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";

export async function healthRoutes(app: FastifyInstance, { context }: ApiOptions) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/health/",
    {
      schema: {
        tags: ["health"],
        summary: "Checks the database and answers ok",
        response: { 200: healthResponseSchema },
      },
    },
    async () => {
      await context.database.ping();
      return { status: "ok" as const };
    },
  );
}
