import type { FastifyInstance } from "fastify";
import type { ApiOptions } from "../../app-context";
import { createDeliveryRunner } from "./delivery-runner";

/**
 * Lead delivery: the integrations and the delivery log of a quiz, and — when this process
 * works jobs (JOBS_IN_PROCESS, the default) — the delivery worker, started when the server
 * is ready and stopped, after the sends in hand, when it closes.
 */
export async function deliveryRoutes(app: FastifyInstance, { context }: ApiOptions) {
  if (context.config.jobsInProcess) {
    const worker = createDeliveryRunner({
      ...context,
      log: context.log.child({ module: "delivery" }),
    });
    app.addHook("onReady", async () => worker.start());
    app.addHook("onClose", async () => worker.stop());
  }
}
