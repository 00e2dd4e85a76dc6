/**
 * The delivery module's public face (docs/delivery.md): enqueueing a stored lead's
 * deliveries inside the statement that stores the lead, and the worker that sends them (started by
 * the web process, or by `npm run worker`), and the count of deliveries waiting for requests.
 */

export { resumeDeliveriesOfReleased } from "./awaiting-deliveries";
export { awaitingCountSql } from "./awaiting-deliveries.repository";
export { leadDeliveriesOf } from "./delivery.repository";
export { createDeliveryAdapters, outgoingHttpFor } from "./delivery-adapters";
export { createDeliveryRunner } from "./delivery-runner";
export { type Clock, createDeliveryWorker, type DeliveryWorker } from "./delivery-worker";
export { heldLeadCount, letHeldDeliveriesThrough } from "./held-deliveries.repository";
export { telegramBotOf } from "./telegram-bot";
export { sealWebhookUrls } from "./webhook-url-sealing";
