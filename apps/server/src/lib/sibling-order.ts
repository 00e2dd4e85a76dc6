/** A child row of a parent (question, result, field, addition) and its position. */
export interface SiblingPosition {
  id: number;
  sort: number;
}

/**
 * The sorts to write after moving (or adding) `movingId` to position `target` among its
 * siblings: positions are 1-based and dense afterwards (1, 2, 3, …). `siblings` are in list
 * order (sort, id) and may include the moving row; a missing `target` puts it last, one
 * beyond the end is clamped. Answers only the rows whose sort changes.
 */
export function reorderSiblings(
  siblings: readonly SiblingPosition[],
  movingId: number | null,
  target?: number,
): SiblingPosition[] {
  const others = siblings.filter((sibling) => sibling.id !== movingId);
  const order = others.map((sibling) => sibling.id);
  if (movingId !== null) {
    const index =
      target === undefined ? order.length : Math.min(Math.max(target - 1, 0), order.length);
    order.splice(index, 0, movingId);
  }
  const current = new Map(siblings.map((sibling) => [sibling.id, sibling.sort]));
  const changes: SiblingPosition[] = [];
  order.forEach((id, index) => {
    if (current.get(id) !== index + 1) changes.push({ id, sort: index + 1 });
  });
  return changes;
}
