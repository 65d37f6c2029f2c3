/**
 * Decodes Stripe's form encoding (`line_items[0][price]=p&metadata[user]=u`) into nested
 * objects and arrays, the way Stripe's API reads it.
 */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const segments = (rawKey.match(/^[^[]+|\[[^\]]*\]/g) ?? [rawKey]).map((s) => s.replace(/^\[|\]$/g, ''));
    let node: Record<string, unknown> = root;
    segments.forEach((segment, i) => {
      const key = segment === '' ? String(Object.keys(node).length) : segment;
      if (i === segments.length - 1) {
        node[key] = value;
        return;
      }
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    });
  }
  return arraysFromIndexedObjects(root) as Record<string, unknown>;
}

function arraysFromIndexedObjects(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([k, v]) => [k, arraysFromIndexedObjects(v)] as const,
  );
  const isList = entries.length > 0 && entries.every(([k], i) => k === String(i));
  return isList ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}
