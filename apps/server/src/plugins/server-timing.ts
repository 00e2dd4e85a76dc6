import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * `Server-Timing: app;dur=<ms>` on every API response (docs/speed.md "Server-Timing"):
 * the time from the request's arrival to its finished, serialised body, as the server
 * sees it. Browsers show it in their network panel; the bench reads it to report a call's
 * time "in the server" beside the time its client saw (the HTTP round trip added).
 * Streamed bodies (exports) get the time until their first byte is ready.
 */
export const serverTimingPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("server-timing", `app;dur=${reply.elapsedTime.toFixed(2)}`);
    return payload;
  });
});
