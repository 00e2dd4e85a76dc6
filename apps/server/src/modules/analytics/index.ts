/**
 * The analytics module's public face: the statement that stores a funnel event with its
 * roll-up (the visitor-sessions module calls it), and the roll-up's rebuild.
 */
export { rebuildRollup, recordFunnelEvent } from "./analytics.repository";
