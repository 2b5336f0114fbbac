import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Response serialization from the routes' zod schemas, the one source of truth, at the cost of a
 * compiled JSON Schema check. fastify-type-provider-zod encodes every answer through zod and then
 * JSON.stringify: a CPU profile of `GET /v1/user` under load put ~11 % of the server's busy time there.
 *
 * For a response schema whose every rule has an exact JSON Schema equivalent (`exactJsonSchema`),
 * the same schema is converted once with `z.toJSONSchema` and compiled into an ajv validator (string
 * lengths in code points, as zod counts them), and its objects into writers that put the keys in the
 * schema's order, as zod's output does — the same bytes. An answer the validator accepts is
 * one zod accepts unchanged (objects that strip unknown keys are `additionalProperties: false`, so
 * an answer carrying an extra key is not accepted here); anything else — an extra key to strip, a
 * wrong type — goes through zod as before, which strips it or fails the answer with the same
 * ResponseSerializationError. Schemas with a rule JSON Schema cannot say exactly (refinements,
 * transforms, formats, passthrough objects…) keep zod's serializer on every answer.
 */
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });
// zod's records take plain objects only (a Map or a Date is refused); JSON Schema's "object" takes any.
ajv.addKeyword({ keyword: 'x-plain-object', schemaType: 'boolean', validate: (_: boolean, data: unknown) => isPlainObject(data) });
// zod's numbers are finite; JSON Schema's "number" lets Infinity through (JSON.stringify writes it as null).
ajv.addKeyword({ keyword: 'x-finite', schemaType: 'boolean', validate: (_: boolean, data: unknown) => typeof data !== 'number' || Number.isFinite(data) });

function isPlainObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

interface FastPath {
  valid: ValidateFunction;
  stringify: (data: unknown) => string;
}

const compiled = new WeakMap<z.ZodType, FastPath | null>();

type RouteSchema = z.ZodType | { properties: z.ZodType };

export const contractSerializerCompiler: FastifySerializerCompiler<RouteSchema> = (route) => {
  const zodSerializer = zodSerializerCompiler(route);
  const schema = route.schema instanceof z.ZodType ? route.schema : route.schema.properties;
  const fast = fastPathFor(schema);
  if (!fast) return zodSerializer;
  return (data: unknown) => (fast.valid(data) ? fast.stringify(data) : zodSerializer(data));
};

/** The compiled check and serializer of a schema, or null when only zod can serialize it exactly. */
export function fastPathFor(schema: z.ZodType): FastPath | null {
  let fast = compiled.get(schema);
  if (fast !== undefined) return fast;
  fast = null;
  if (exactJsonSchema(schema, new Set())) {
    try {
      const jsonSchema = z.toJSONSchema(schema, {
        io: 'output',
        target: 'draft-7',
        unrepresentable: 'throw',
        override: ({ zodSchema, jsonSchema: converted }) => {
          const type = defOf(zodSchema).type;
          if (type === 'record') converted['x-plain-object'] = true;
          if (type === 'number') converted['x-finite'] = true;
        },
      }) as Record<string, unknown>;
      fast = { valid: ajv.compile(jsonSchema), stringify: writerFor(jsonSchema) };
    } catch {
      fast = null;
    }
  }
  compiled.set(schema, fast);
  return fast;
}

type Def = { type: string; checks?: { _zod: { def: { check: string } } }[] } & Record<string, unknown>;
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

const LENGTH_CHECKS = new Set(['min_length', 'max_length', 'length_equals']);
const NUMBER_CHECKS = new Set(['greater_than', 'less_than']);
const INTEGER_FORMATS = new Set(['safeint', 'int32', 'uint32']);

/** Whether every rule of `schema` has a JSON Schema equivalent that ajv checks exactly as zod does. */
export function exactJsonSchema(schema: z.ZodType, seen: Set<z.ZodType>, inUnion = false): boolean {
  if (seen.has(schema)) return true; // a recursive schema (z.json()): its parts are checked once
  seen.add(schema);
  const def = defOf(schema);
  const checks = (def.checks ?? []).map((check) => check._zod.def.check);
  const inner = (value: unknown) => exactJsonSchema(value as z.ZodType, seen, inUnion);
  switch (def.type) {
    case 'string':
      // z.email(), z.uuid()… carry a format (and a pattern): left to zod.
      return def.format === undefined && checks.every((check) => LENGTH_CHECKS.has(check));
    case 'number':
      return (def.format === undefined || INTEGER_FORMATS.has(def.format as string)) && checks.every((check) => NUMBER_CHECKS.has(check));
    case 'boolean':
    case 'null':
      return checks.length === 0;
    case 'enum':
    case 'literal':
      return checks.length === 0 && Object.values((def.entries ?? {}) as object).concat((def.values ?? []) as unknown[]).every((value) => typeof value === 'string' || typeof value === 'number');
    case 'nullable':
    case 'optional':
      return checks.length === 0 && inner(def.innerType);
    case 'object': {
      // Strip (no catchall) or strict (never); a passthrough object keeps keys this path would drop.
      // Inside a union, zod answers with the first option that parses, stripped: {a, b} against
      // `{a} | {a, b}` comes out as {a}, which JSON Schema's anyOf cannot say.
      const catchall = def.catchall as z.ZodType | undefined;
      if (inUnion || checks.length > 0 || (catchall !== undefined && defOf(catchall).type !== 'never')) return false;
      return Object.values(def.shape as Record<string, z.ZodType>).every(inner);
    }
    case 'array':
      return checks.every((check) => LENGTH_CHECKS.has(check)) && inner(def.element);
    case 'record':
      return checks.length === 0 && defOf(def.keyType).type === 'string' && inner(def.keyType) && inner(def.valueType);
    case 'union':
      return checks.length === 0 && (def.options as z.ZodType[]).every((option) => exactJsonSchema(option, seen, true));
    case 'lazy':
      return inner((def.getter as () => z.ZodType)());
    default:
      return false;
  }
}

type Writer = (value: unknown) => string;

/**
 * Writes a validated answer: objects with named properties key by key in the schema's order (keys
 * whose value is undefined left out, as JSON.stringify leaves them), arrays item by item, everything
 * else — already checked, unions and recursive parts included — by JSON.stringify.
 */
function writerFor(schema: Record<string, unknown>): Writer {
  if (schema.type === 'object' && schema.properties && !schema.anyOf) {
    const fields = Object.entries(schema.properties as Record<string, Record<string, unknown>>).map(([key, value]) => ({ key, prefix: `${JSON.stringify(key)}:`, write: writerFor(value) }));
    return (value) => {
      const record = value as Record<string, unknown>;
      let out = '';
      for (const field of fields) {
        const item = record[field.key];
        if (item === undefined) continue;
        out += `${out === '' ? '' : ','}${field.prefix}${field.write(item)}`;
      }
      return `{${out}}`;
    };
  }
  const options = schema.anyOf as Record<string, unknown>[] | undefined;
  if (options?.length === 2 && options[1]?.type === 'null' && options[0]) {
    // A nullable object (z.object(…).nullable()): its keys still in the schema's order.
    const write = writerFor(options[0]);
    return (value) => (value === null ? 'null' : write(value));
  }
  if (schema.type === 'array' && schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)) {
    const write = writerFor(schema.items as Record<string, unknown>);
    return (value) => `[${(value as unknown[]).map(write).join(',')}]`;
  }
  return JSON.stringify as Writer;
}
