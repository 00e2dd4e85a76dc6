import type { onSendAsyncHookHandler } from "fastify";

/**
 * `Server-Timing: app;dur=<ms>` on the answers to signed-in calls (docs/speed.md
 * "Server-Timing"): the time from the request's arrival to its finished, serialised body,
 * as the server saw it. Browsers show it in their network panel; the bench reads it to
 * report a call's time "in the server" beside the time its client saw.
 *
 * Only where the caller is authenticated: on public calls (password reset, sign-in,
 * registration) the server's own time, free of network jitter, would help tell a known
 * address from an unknown one, which those calls answer alike. A streamed body (an
 * export) reports the time until its stream was ready, not its end.
 */
export const serverTiming: onSendAsyncHookHandler = async (request, reply, payload) => {
  if (request.userId) reply.header("server-timing", `app;dur=${reply.elapsedTime.toFixed(2)}`);
  return payload;
};
