import { cleanup, configure } from "@testing-library/preact";
import { afterEach } from "vitest";

// findBy…/waitFor wait up to this long for what the screen must show (see vitest.config.ts).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
