import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COMMIT_DELAY_MS, useCommittedText } from "./use-committed-text";

const type = (
  field: { onChange: (event: { currentTarget: { value: string } }) => void },
  text: string,
) => act(() => field.onChange({ currentTarget: { value: text } }));

describe("an editor text field", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("writes once when typing pauses, not on each keystroke", () => {
    const writes: [string, string][] = [];
    const { result } = renderHook(() =>
      useCommittedText({
        value: "Old",
        onCommit: (next, previous) => writes.push([next, previous]),
      }),
    );
    type(result.current, "N");
    type(result.current, "Ne");
    type(result.current, "New");
    expect(writes).toEqual([]);
    act(() => vi.advanceTimersByTime(COMMIT_DELAY_MS));
    expect(writes).toEqual([["New", "Old"]]);
  });

  it("writes when the field is left, and what was typed when the page closes", () => {
    const writes: string[] = [];
    const { result, unmount } = renderHook(() =>
      useCommittedText({ value: "", onCommit: (next) => writes.push(next) }),
    );
    type(result.current, "Left");
    act(() => result.current.onBlur());
    expect(writes).toEqual(["Left"]);
    type(result.current, "Closed");
    unmount();
    expect(writes).toEqual(["Left", "Closed"]);
  });

  it("shows the message once touched and does not write an invalid text", () => {
    const writes: string[] = [];
    const { result } = renderHook(() =>
      useCommittedText({
        value: "",
        onCommit: (next) => writes.push(next),
        validate: (text) => (text.startsWith("https://") ? null : "Enter a full address"),
      }),
    );
    type(result.current, "example");
    expect(result.current.error).toBeUndefined();
    act(() => result.current.onBlur());
    expect(result.current.error).toBe("Enter a full address");
    expect(writes).toEqual([]);
    type(result.current, "https://example.com");
    act(() => result.current.onBlur());
    expect(result.current.error).toBeUndefined();
    expect(writes).toEqual(["https://example.com"]);
  });

  it("shows the stored value again when it changes outside (undo)", () => {
    const { result, rerender } = renderHook(
      ({ value }) => useCommittedText({ value, onCommit: () => {} }),
      {
        initialProps: { value: "Before" },
      },
    );
    rerender({ value: "Undone" });
    expect(result.current.value).toBe("Undone");
  });
});
