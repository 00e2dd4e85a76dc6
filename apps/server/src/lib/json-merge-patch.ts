/**
 * JSON merge patch (RFC 7386) of one nested object, one level deep as the contract's
 * `mergePatchOf` bodies are: a key set to null is removed, any other value replaces the
 * stored one, keys not in the patch stay. Answers a new object.
 */
export function applyMergePatch<T extends object>(
  stored: T,
  patch: { readonly [key: string]: unknown } | undefined,
): Record<string, unknown> {
  const merged = { ...stored } as Record<string, unknown>;
  if (patch === undefined) return merged;
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
