/**
 * Clicks on a server-rendered quiz before the player has taken it over (hydration) are
 * not lost: a button clicked while the entry was still on its way (it then has the focus,
 * but not a keyboard focus: `:focus-visible` does not match) and the buttons clicked
 * between this call and hydration are clicked again, in order, once the player is live.
 * Returns the function that replays them (and stops holding clicks).
 */
export function holdEarlyClicks(element: Element): () => void {
  const held: HTMLButtonElement[] = [];
  const focused = element.ownerDocument.activeElement;
  if (
    focused instanceof HTMLButtonElement &&
    element.contains(focused) &&
    !keyboardFocus(focused)
  ) {
    held.push(focused);
  }
  const hold = (event: Event) => {
    const button = (event.target as Element | null)?.closest?.("button");
    if (!button || !element.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(button);
  };
  element.addEventListener("click", hold, true);
  return () => {
    element.removeEventListener("click", hold, true);
    for (const button of held.splice(0)) if (button.isConnected) button.click();
  };
}

function keyboardFocus(button: HTMLButtonElement): boolean {
  try {
    return button.matches(":focus-visible");
  } catch {
    return true; // a browser that cannot tell: better not to click for the visitor
  }
}
