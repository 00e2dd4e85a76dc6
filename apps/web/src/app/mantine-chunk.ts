/**
 * Mantine's provider (and the error page drawn with Mantine's components), asked for as soon
 * as the app's first script runs, so the chunk loads beside the dictionaries and the route's
 * chunks (docs/speed.md "Owner app delivery"). Everything under it waits for it anyway.
 */
export const mantineLayer = import("./mantine-layer");
