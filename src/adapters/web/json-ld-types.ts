/**
 * The `@type` values of one JSON-LD block: its top-level items and the items of any `@graph`, each type
 * once, in the order met. Invalid JSON yields nothing: a broken block describes no entity.
 */
export function jsonLdTypes(source: string): string[] {
  let document: unknown;
  try {
    document = JSON.parse(source);
  } catch {
    return [];
  }
  const types = new Set<string>();
  collectTypes(document, types);
  return [...types];
}

function collectTypes(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) collectTypes(item, into);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  const type = record['@type'];
  for (const value of Array.isArray(type) ? type : [type]) {
    if (typeof value === 'string' && value.trim() !== '') into.add(value.trim());
  }
  if ('@graph' in record) collectTypes(record['@graph'], into);
}
