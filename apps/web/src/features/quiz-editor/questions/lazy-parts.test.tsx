import { render, screen } from "@testing-library/react";
import { Component, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

/** What a route's error boundary does: shows that something failed instead of the part. */
class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>the part failed</p> : this.props.children;
  }
}

/** Stands in for the module's editor. */
function LoadedEditor() {
  return <p>the card's editor</p>;
}

/** The card's editor as lazy-parts.ts loads it; `editor` stands in for the module's answer. */
async function openCard(editor: () => Promise<unknown>) {
  vi.resetModules();
  vi.doMock("./editor/question-editor", editor);
  const { QuestionEditor } = await import("./lazy-parts");
  const props = {
    quizId: 1,
    question: {} as never,
    writes: {} as never,
    fallback: <p role="status">loading</p>,
  };
  render(
    <Boundary>
      <QuestionEditor {...props} />
    </Boundary>,
  );
}

afterEach(() => {
  vi.doUnmock("./editor/question-editor");
});

describe("a card opened before its editor's module is in", () => {
  it("shows its loader, then the editor as soon as the module is in", async () => {
    let arrive: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    await openCard(async () => {
      await arrived;
      return { QuestionEditor: LoadedEditor };
    });
    expect(screen.getByRole("status").textContent).toBe("loading");
    arrive();
    expect(await screen.findByText("the card's editor")).not.toBeNull();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("shows the error boundary, not an endless loader, when the module fails to load", async () => {
    await openCard(async () => {
      throw new Error("the chunk did not load");
    });
    expect(await screen.findByText("the part failed")).not.toBeNull();
  });
});
