/**
 * The analytics module's public face: the statement that stores funnel events with their
 * roll-up, the group-commit batcher the visitor-sessions module hands events to, and the
 * roll-up's rebuild.
 */
export { type FunnelEvent, rebuildRollup, recordFunnelEvents } from "./analytics.repository";
export { createFunnelEventBatcher, type FunnelEventBatcher } from "./funnel-event-batcher";
