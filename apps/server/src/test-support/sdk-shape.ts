/**
 * Request bodies checked against a service's official SDK types (docs/delivery.md, "Checked
 * against the services' definitions"). A shape is written once per request, `satisfies
 * ShapeOf<SdkType>`, so `npm run typecheck` proves each key it names is one the SDK's type
 * has, with the kind of value the SDK gives it; at run time `shapeProblems` then holds the
 * body a fake received to that shape: a key the shape does not name (so one not checked
 * against the SDK) or a value of another kind is a problem.
 */

type Kind = "string" | "number" | "boolean" | "null";

type KindOf<V> = V extends string
  ? "string"
  : V extends number
    ? "number"
    : V extends boolean
      ? "boolean"
      : V extends null
        ? "null"
        : never;

/** What a value of SDK type `V` may be written as: its kind, `[item]` or a nested shape. */
export type FieldShape<V> =
  | KindOf<V>
  | (V extends readonly (infer Item)[] ? readonly [FieldShape<Item>] : never)
  | (V extends readonly unknown[] ? never : V extends object ? ShapeOf<V> : never);

/**
 * SDK type `T` without its index signature: jsforce's Lead, for one, is its named fields
 * `& {[name: string]: …}`, which would let any key through.
 */
export type NamedKeys<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

/** The keys of SDK type `T` a request uses, each with the kind of its value. */
export type ShapeOf<T> = { readonly [K in keyof T]?: FieldShape<Exclude<T[K], undefined>> };

/**
 * In a shape of an SDK type with an index signature (`{[key: string]: string}`, HubSpot's
 * properties), the kind of every key the shape does not name.
 */
export const ANY_KEY = "*";

type AnyShape = { readonly [key: string]: AnyField };
type AnyField = Kind | readonly [AnyField] | AnyShape;

const kindOf = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value;

/** What in `value` does not fit `shape` (empty when it all does), each with its path. */
export function shapeProblems(value: unknown, shape: object, at = "body"): string[] {
  return fieldProblems(value, shape as AnyShape, at);
}

function fieldProblems(value: unknown, field: AnyField, at: string): string[] {
  if (typeof field === "string") {
    return kindOf(value) === field ? [] : [`${at}: ${kindOf(value)} where the SDK has ${field}`];
  }
  if (Array.isArray(field)) {
    const [item] = field as readonly [AnyField];
    if (!Array.isArray(value)) return [`${at}: ${kindOf(value)} where the SDK has an array`];
    return value.flatMap((entry, index) => fieldProblems(entry, item, `${at}[${index}]`));
  }
  if (kindOf(value) !== "object") return [`${at}: ${kindOf(value)} where the SDK has an object`];
  const shape = field as AnyShape;
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => {
    const expected = shape[key] ?? shape[ANY_KEY];
    return expected === undefined
      ? [`${at}.${key}: not in the SDK's type`]
      : fieldProblems(inner, expected, `${at}.${key}`);
  });
}

/** The query parameters of `path` that `known` (checked against the SDK's type) lacks. */
export function queryProblems(path: string, known: object): string[] {
  const query = new URLSearchParams(path.split("?")[1] ?? "");
  return [...query.keys()]
    .filter((key) => !(key in known))
    .map((key) => `query ${key}: not in the SDK's type`);
}

/**
 * A builder's output as SDK type `Target`, when its type names its keys and every one of them
 * is `Target`'s: plain assignment checks neither (a `Record<string, …>` passes an all-optional
 * type, and a value that is not a fresh literal may carry extra keys), so a compile-time
 * check goes through this: `const body = exactly<SdkType>()(builder(lead))`.
 */
export function exactly<Target>() {
  return <T extends Target>(
    value: T &
      Record<Exclude<keyof T, keyof Target>, never> &
      (string extends keyof T ? never : unknown),
  ): Target => value;
}
