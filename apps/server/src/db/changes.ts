/**
 * The changes of an UPDATE, built from an optional-keyed request body: a key left out or
 * undefined keeps the column's value (drizzle's `set` skips undefined values).
 */
export type Changes<Row> = { [Key in keyof Row]?: Row[Key] | undefined };
