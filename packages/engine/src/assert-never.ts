/**
 * The end of a switch that handles every member of a union (a question type, an answer's
 * value kind): when the union grows, the call no longer compiles until the new member has
 * its case. At run time it throws, for a value that came in unchecked.
 */
export function assertNever(value: never): never {
  throw new Error(`unexpected ${value}`);
}
