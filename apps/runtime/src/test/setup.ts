import { cleanup, configure } from "@testing-library/preact";
import { afterEach } from "vitest";
import { provideAllParts } from "../player/parts-provided";

// findBy…/waitFor wait up to this long for what the screen must show (see vitest.config.ts).
configure({ asyncUtilTimeout: 10_000 });

// The unit tests render every screen at once, as the server renderer does.
provideAllParts();

afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear(); // absent in the node environment (bundle-size.test.ts)
});
