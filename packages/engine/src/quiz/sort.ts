interface Sortable {
  id: number;
  sort?: number | null | undefined;
}

/** A copy ordered by `sort` ascending (missing counts as 0), ties by `id` ascending. */
export function bySort<T extends Sortable>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id);
}
