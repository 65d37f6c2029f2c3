export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
  minItems?: number;
  minimum?: number;
  format?: string;
  default?: unknown;
  [key: string]: unknown;
};

/**
 * A value that satisfies the schema a caller sent as `response_format`, so structured-output
 * code gets a parseable answer from the fake without every test writing one.
 */
export function sampleFromSchema(schema: JsonSchema, root: JsonSchema = schema, depth = 0): unknown {
  if (depth > 20) return null;
  if (schema.$ref) return sampleFromSchema(resolveRef(schema.$ref, root), root, depth + 1);
  if ('const' in schema) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const union = schema.anyOf ?? schema.oneOf;
  if (union && union.length > 0) {
    const nonNull = union.find((s) => s.type !== 'null') ?? union[0]!;
    return sampleFromSchema(nonNull, root, depth + 1);
  }
  if (schema.allOf && schema.allOf.length > 0) {
    return Object.assign({}, ...schema.allOf.map((s) => sampleFromSchema(s, root, depth + 1)));
  }
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') ?? 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) {
        out[key] = sampleFromSchema(value, root, depth + 1);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        schema.items ? sampleFromSchema(schema.items, root, depth + 1) : 'sample',
      );
    case 'string':
      return sampleString(schema.format);
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return schema.properties ? sampleFromSchema({ ...schema, type: 'object' }, root, depth + 1) : 'sample';
  }
}

function sampleString(format: string | undefined): string {
  switch (format) {
    case 'uri':
    case 'url':
      return 'https://example.com/sample';
    case 'email':
      return 'sample@example.com';
    case 'date-time':
      return '2026-01-01T00:00:00.000Z';
    case 'date':
      return '2026-01-01';
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000';
    default:
      return 'sample';
  }
}

function resolveRef(ref: string, root: JsonSchema): JsonSchema {
  // Only local refs: '#', '#/$defs/x', '#/definitions/x'.
  const parts = ref.replace(/^#\/?/, '').split('/').filter(Boolean);
  let node: unknown = root;
  for (const part of parts) node = (node as Record<string, unknown>)[decodeURIComponent(part)];
  if (!node || typeof node !== 'object') throw new Error(`cannot resolve $ref ${ref}`);
  return node as JsonSchema;
}
