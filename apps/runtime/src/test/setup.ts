import { act, cleanup, configure } from "@testing-library/preact";
import { afterAll, afterEach } from "vitest";
import { provideAllParts } from "../player/parts-provided";

// findBy…/waitFor wait up to this long for what the screen must show (see vitest.config.ts).
configure({ asyncUtilTimeout: 10_000 });

// The unit tests render every screen at once, as the server renderer does.
provideAllParts();

// Preact runs effects, and the cleanups of unmounted ones, after the next animation frame,
// with a 35 ms timer in case no frame comes (preact/hooks' afterNextFrame); act runs them at
// once. Left pending at a file's end, that timer fired after the test environment's
// teardown had removed cancelAnimationFrame: "ReferenceError: cancelAnimationFrame is not
// defined", an uncaught error after the file's tests had passed.

afterEach(() => {
  act(() => cleanup()); // the rendered quizzes' effects cleaned up before the next test
  globalThis.localStorage?.clear(); // absent in the node environment (bundle-size.test.ts)
});

// What a test unmounted or rendered outside act (mountQuiz's unmount in ssr.test.tsx):
// one frame, then a task, so that every pending frame of preact's has run and cleared its
// timer before the environment goes.
afterAll(async () => {
  if (typeof requestAnimationFrame !== "function") return; // the node environment
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
});
