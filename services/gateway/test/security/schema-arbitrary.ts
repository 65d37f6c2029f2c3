import fc from 'fast-check';
import { z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
};

/** Inputs that have broken parsers, queries and templates elsewhere. */
export const NASTY_STRINGS = [
  '',
  ' ',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '\\',
  '%',
  '_',
  '%00',
  '\u0000',
  '\uD800',
  '\u202E',
  '🙂',
  '中文',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose.
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'toString',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  '9007199254740993',
  'true',
  'null',
  '[]',
  '{}',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '2026-02-30',
  '0000-00-00',
  '9999-12-31T23:59:59Z',
  'http://127.0.0.1/',
  'a'.repeat(5000),
];

const nastyString = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ maxLength: 300 }), weight: 1 },
);

/** Any JSON value, biased to the nasty ones. */
export const garbage: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nastyString, weight: 4 },
  {
    arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53, -(2 ** 63))),
    weight: 2,
  },
  { arbitrary: fc.constantFrom(null, true, false), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
  {
    arbitrary: fc.constant({ __proto__: { admin: true }, constructor: { prototype: { polluted: 1 } } }),
    weight: 1,
  },
);

/** The route's zod schema as JSON Schema (input side), or undefined when there is none. */
export function toJsonSchema(schema: unknown): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return undefined;
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/**
 * Values shaped by the schema, with garbage mixed in at every level: most inputs get past validation
 * far enough to reach the handler, and the rest probe the validator. `ids` are real row ids to mix
 * into uuid fields, so handlers meet rows that exist.
 */
export function arbitraryFor(
  schema: JsonSchema | undefined,
  ids: string[] = [],
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return garbage;
  return fc.oneof({ arbitrary: shaped(schema, ids, depth), weight: 5 }, { arbitrary: garbage, weight: 1 });
}

function shaped(schema: JsonSchema, ids: string[], depth: number): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => arbitraryFor(s, ids, depth + 1)));
  if (schema.allOf?.length) return arbitraryFor(schema.allOf[0], ids, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringFor(schema, ids);
    case 'integer':
      return fc.integer({ min: bound(schema.minimum, -1000), max: bound(schema.maximum, 100_000) });
    case 'number':
      return fc.double({
        min: bound(schema.minimum, -1000),
        max: bound(schema.maximum, 100_000),
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryFor(schema.items, ids, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, arbitraryFor(value, ids, depth + 1)]),
      );
      const required = (schema.required ?? []).filter((key) => key in properties);
      return fc.record(model, { requiredKeys: required });
    }
    default:
      return garbage;
  }
}

function bound(value: number | undefined, fallback: number) {
  return Number.isFinite(value) ? (value as number) : fallback;
}

function stringFor(schema: JsonSchema, ids: string[]): fc.Arbitrary<string> {
  const max = Math.min(schema.maxLength ?? 60, 60);
  const min = Math.min(schema.minLength ?? 0, max);
  switch (schema.format) {
    case 'uuid':
      return ids.length ? fc.oneof(fc.uuid(), fc.constantFrom(...ids)) : fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'date':
      return fc
        .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'uri':
    case 'url':
      return fc.webUrl();
    default:
      return fc.string({ minLength: min, maxLength: max });
  }
}
