/**
 * A nested object as stored in a jsonb column: the keys set so far (a key cleared with
 * null in a merge patch is removed). The presenter fills in the defaults when reading.
 */
export type Stored<T> = { [K in keyof T]?: Exclude<T[K], null> };
