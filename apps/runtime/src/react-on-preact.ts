/**
 * What the visitor runtime uses of React's API, straight from preact and preact/hooks
 * (docs/adr/0007). `react` and `react-dom` resolve to this file in the builds and the
 * tests (vite.config.ts `preactAlias`), not to preact/compat: the runtime needs none of
 * compat's emulation (its inputs use `onInput`, and `onChange` only where the DOM's own
 * change event is meant: checkboxes, radios, selects), and compat cost the entry 1.3 KB gzipped.
 * TypeScript reads `react` as this file too (tsconfig.json `paths`), so a React API the
 * runtime starts using is added here first.
 */
export type { ComponentChildren as ReactNode } from "preact";
export { createContext, hydrate, render } from "preact";
export {
  useContext,
  useEffect,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
} from "preact/hooks";
