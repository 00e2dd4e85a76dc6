import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useMountOnOpen } from "./mount-on-open";

describe("a dialog mounted on its first opening", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("is not mounted until opened, then mounts closed and opens in the next task", () => {
    const { result, rerender } = renderHook(({ opened }) => useMountOnOpen(opened), {
      initialProps: { opened: false },
    });
    expect(result.current).toEqual({ mounted: false, opened: false });
    rerender({ opened: true });
    expect(result.current).toEqual({ mounted: true, opened: false });
    act(() => vi.runAllTimers());
    expect(result.current).toEqual({ mounted: true, opened: true });
  });

  it("stays mounted when closed, and opens at once afterwards", () => {
    const { result, rerender } = renderHook(({ opened }) => useMountOnOpen(opened), {
      initialProps: { opened: true },
    });
    expect(result.current).toEqual({ mounted: true, opened: false });
    act(() => vi.runAllTimers());
    rerender({ opened: false });
    expect(result.current).toEqual({ mounted: true, opened: false });
    rerender({ opened: true });
    expect(result.current).toEqual({ mounted: true, opened: true });
  });

  it("stays closed when closed again before it opened", () => {
    const { result, rerender } = renderHook(({ opened }) => useMountOnOpen(opened), {
      initialProps: { opened: false },
    });
    rerender({ opened: true });
    rerender({ opened: false });
    act(() => vi.runAllTimers());
    expect(result.current).toEqual({ mounted: true, opened: false });
  });
});
