import fc from 'fast-check';
import { z } from 'zod';
import { hostileString, hostileValue } from './hostile';

/**
 * fast-check values from a route's own zod schema (through zod's JSON Schema): mostly well-formed,
 * so requests get past validation into the handler, with hostile values mixed in at any leaf and
 * stray keys on any object. `hostility` is the weight of a hostile leaf against 4 well-formed ones.
 */
export type JsonSchema = Record<string, unknown> & { type?: string | string[] };

/** A route schema part (zod or plain JSON Schema) as JSON Schema; undefined when it has none. */
export function toJsonSchema(part: unknown): JsonSchema | undefined {
  if (!part || typeof part !== 'object') return undefined;
  if ('_zod' in part) {
    try {
      return z.toJSONSchema(part as z.ZodType, { io: 'input', unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as JsonSchema;
    } catch {
      return {};
    }
  }
  return part as JsonSchema;
}

/** Values a real client sends that random text never finds (so handlers past the schema run too). */
const realistic = fc.constantFrom(
  'ada@acme-widgets.com',
  'grace@example.org',
  '+33612345678',
  '+14155552671',
  '33612345678',
  'FR',
  'US',
  'en',
  'fr',
  'Acme Widgets',
  'Ada Lovelace',
  'alloy',
  'onyx',
  'Hello, you reached Acme Widgets.',
  '123456',
  '000000',
  'hubspot',
  '2-10',
  'construction',
  'founder',
  'monthly',
  'yearly',
  'email',
  'sms',
  'totp',
  'phone',
  'signup',
  'magiclink',
  'recovery',
  'refresh_token',
  'pkce',
  'global',
  '00000000-0000-4000-8000-000000000000',
);

/**
 * Ids and tokens the server handed out in earlier answers (a factor id, a challenge id, a refresh
 * token): later requests use them where a field's name asks for one, so routes that act on an
 * existing resource are reached too.
 */
const harvested: string[] = [];
const harvestedOr = (fallback: fc.Arbitrary<string>) => fc.tuple(fc.nat(), fallback, fc.boolean()).map(([index, other, pick]) => (pick && harvested.length ? (harvested[index % harvested.length] ?? other) : other));

export function harvest(body: string): void {
  const visit = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      if (/(^|_)id$|token$/i.test(key) && value.length <= 200 && !harvested.includes(value)) harvested.push(value);
      else if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) && !harvested.includes(value)) harvested.push(value);
      else if (/^https?:\/\/[^/]+\/checkout\/[^/?#]+/.test(value)) harvested.push(value.replace(/^https?:\/\/[^/]+\/checkout\/([^/?#]+).*$/, '$1'));
    } else if (Array.isArray(value)) value.forEach((item) => visit(item, key));
    else if (value && typeof value === 'object') for (const [name, item] of Object.entries(value)) visit(item, name);
  };
  try {
    visit(JSON.parse(body), '');
  } catch {
    // not JSON
  }
  if (harvested.length > 500) harvested.splice(0, harvested.length - 500);
}

/** Values a field's name suggests (an `email` that is an address, a `phone` that is a number) so requests get past the handler's own checks. */
const hints: [RegExp, fc.Arbitrary<string>][] = [
  [/email/i, fc.oneof(fc.constantFrom('ada@acme-widgets.com', 'grace.hopper@example.org', 'ADA@Acme-Widgets.com '), fc.emailAddress())],
  [/phone|number|msisdn/i, fc.oneof(fc.constantFrom('+33612345678', '+14155552671', '+447911123456', '33612345678', '0612345678'), fc.integer({ min: 10_000_000, max: 99_999_999 }).map((n) => `+336${n}`))],
  [/country/i, fc.constantFrom('FR', 'US', 'GB', 'DE', 'fr', 'ZZ')],
  [/lang|locale|lng/i, fc.constantFrom('en', 'fr', 'fr-FR', 'de')],
  [/currency/i, fc.constantFrom('EUR', 'USD', 'GBP', 'eur')],
  [/redirect|url|uri|return/i, fc.constantFrom('http://127.0.0.1/', '/onboarding', 'https://evil.example/', 'javascript:alert(1)')],
  [/(^|_)id$|challenge/i, harvestedOr(fc.oneof(fc.uuid(), fc.constant('00000000-0000-4000-8000-000000000000')))],
  [/token|code|otp/i, harvestedOr(fc.oneof(fc.integer({ min: 0, max: 999_999 }).map((n) => String(n).padStart(6, '0')), fc.base64String({ minLength: 8, maxLength: 44 })))],
  [/name|company/i, fc.constantFrom('Ada Lovelace', 'Acme Widgets', 'Zoë O’Brien-Łukasz', 'A')],
  [/text|message|greeting/i, fc.constantFrom('Hello, you reached Acme Widgets.', 'Bonjour, vous êtes bien chez Acme.', 'Hi')],
  [/voice/i, fc.constantFrom('aria', 'alice', 'will', 'Aria')],
];

const stringy = (schema: JsonSchema) => schema.type === 'string' || (Array.isArray(schema.anyOf) && (schema.anyOf as JsonSchema[]).some((option) => option.type === 'string'));

const MAX_DEPTH = 6;

export function valueFor(schema: JsonSchema | undefined, root: JsonSchema | undefined = schema, hostility = 1, depth = 0): fc.Arbitrary<unknown> {
  const valid = wellFormed(schema ?? {}, root ?? {}, hostility, depth);
  if (hostility <= 0) return valid;
  return fc.oneof({ weight: 4, arbitrary: valid }, { weight: hostility, arbitrary: hostileValue });
}

function wellFormed(schema: JsonSchema, root: JsonSchema, hostility: number, depth: number): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === 'string') {
    if (depth >= MAX_DEPTH) return fc.constant(null);
    const target = resolveRef(root, schema.$ref);
    return target ? wellFormed(target, root, hostility, depth + 1) : fc.jsonValue({ maxDepth: 2 });
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...(schema.enum as unknown[]));
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(options) && options.length) return fc.oneof(...options.map((option) => valueFor(option, root, hostility, depth + 1)));
  if (Array.isArray(schema.allOf) && schema.allOf.length) return wellFormed(schema.allOf[0] as JsonSchema, root, hostility, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return objectOf(schema, root, hostility, depth);
    case 'array': {
      if (depth >= MAX_DEPTH) return fc.constant([]);
      const items = (schema.items ?? (Array.isArray(schema.prefixItems) ? (schema.prefixItems as JsonSchema[])[0] : undefined)) as JsonSchema | undefined;
      const minLength = Number(schema.minItems ?? 0);
      const maxLength = Math.max(minLength, Math.min(Number(schema.maxItems ?? 4), minLength + 4));
      return fc.array(valueFor(items, root, hostility, depth + 1), { minLength, maxLength });
    }
    case 'string':
      return stringFor(schema);
    case 'integer': {
      const min = Math.max(Number(schema.minimum ?? schema.exclusiveMinimum ?? -1e6), Number.MIN_SAFE_INTEGER);
      const max = Math.min(Number(schema.maximum ?? schema.exclusiveMaximum ?? 1e6), Number.MAX_SAFE_INTEGER);
      return fc.integer({ min: Math.ceil(Math.min(min, max)), max: Math.floor(Math.max(min, max)) });
    }
    case 'number': {
      const min = Number(schema.minimum ?? schema.exclusiveMinimum ?? -1e6);
      const max = Number(schema.maximum ?? schema.exclusiveMaximum ?? 1e6);
      return fc.double({ min: Math.min(min, max), max: Math.max(min, max), noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.oneof(realistic, fc.jsonValue({ maxDepth: 2 }));
  }
}

function objectOf(schema: JsonSchema, root: JsonSchema, hostility: number, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) {
    const hint = stringy(property) && !property.enum && !property.format ? hints.find(([pattern]) => pattern.test(key))?.[1] : undefined;
    const value = valueFor(property, root, hostility, depth + 1);
    model[key] = hint ? fc.oneof({ weight: hostility > 0 ? 3 : 8, arbitrary: hint }, { weight: hostility > 0 ? 2 : 1, arbitrary: value }) : value;
  }
  // Optional fields are left out more often than not in well-formed values: fewer fields, fewer ways to trip the handler's own rules.
  for (const key of Object.keys(model)) {
    if (!required.has(key)) model[key] = fc.oneof({ weight: hostility > 0 ? 1 : 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: model[key] as fc.Arbitrary<unknown> });
  }
  const known = fc.record(model).map((object) => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)));
  const additional = schema.additionalProperties && typeof schema.additionalProperties === 'object' ? (schema.additionalProperties as JsonSchema) : undefined;
  const extraKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'user_id', 'role', 'is_admin', 'aal'), fc.string({ maxLength: 12 }), hostileString.map((key) => key.slice(0, 64)));
  const extras = fc.array(fc.tuple(extraKey, additional ? valueFor(additional, root, hostility, depth + 1) : hostileValue), { maxLength: additional ? 3 : hostility > 0 ? 1 : 0 });
  return fc.tuple(known, extras).map(([object, pairs]) => {
    const result: Record<string, unknown> = { ...(object as Record<string, unknown>) };
    // defineProperty: a key named __proto__ becomes an own property, as JSON.parse would make it.
    for (const [key, value] of pairs) Object.defineProperty(result, key, { value, enumerable: true, configurable: true, writable: true });
    return result;
  });
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = Number(schema.minLength ?? 0);
  const maxLength = Math.max(minLength, Math.min(Number(schema.maxLength ?? 60), minLength + 60));
  const fits = (value: string) => value.length >= minLength && value.length <= Number(schema.maxLength ?? Infinity);
  switch (schema.format) {
    case 'email':
      return fc.emailAddress();
    case 'uuid':
      return fc.uuid();
    case 'uri':
    case 'url':
      return fc.webUrl();
    case 'date-time':
      return fc.date({ noInvalidDate: true, min: new Date('1900-01-01'), max: new Date('2200-01-01') }).map((date) => date.toISOString());
    case 'date':
      return fc.date({ noInvalidDate: true, min: new Date('1900-01-01'), max: new Date('2200-01-01') }).map((date) => date.toISOString().slice(0, 10));
  }
  const random = fc.string({ minLength, maxLength });
  if (typeof schema.pattern === 'string') {
    try {
      return fc.oneof(fc.stringMatching(new RegExp(schema.pattern)).filter(fits), random);
    } catch {
      // a pattern fast-check cannot generate from: plain strings
    }
  }
  return fc.oneof(realistic.filter(fits), random);
}

function resolveRef(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(2).split('/').filter(Boolean)) node = (node as Record<string, unknown> | undefined)?.[decodeURIComponent(part)];
  return node as JsonSchema | undefined;
}

/** Whether the route's own schema (zod) accepts a value; true for plain JSON Schemas and absent parts. */
export function schemaAccepts(part: unknown, value: unknown): boolean {
  return !(part && typeof part === 'object' && '_zod' in part) || (part as z.ZodType).safeParse(value).success;
}

/** Copies of `value` with one string leaf changed each (keys kept): a probe aimed at each field in turn. */
export function eachStringChanged(value: unknown, change: (text: string) => string): unknown[] {
  if (typeof value === 'string') return [change(value)];
  if (Array.isArray(value)) return value.flatMap((item, index) => eachStringChanged(item, change).map((changed) => value.map((other, at) => (at === index ? changed : other))));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => eachStringChanged(item, change).map((changed) => ({ ...(value as Record<string, unknown>), [key]: changed })));
  }
  return [];
}

/** A value the route's own schema accepts (the first of a few hundred candidates zod accepts), else undefined. */
export function acceptedSample(part: unknown, seed: number): unknown {
  const schema = toJsonSchema(part);
  if (!schema) return undefined;
  return fc.sample(valueFor(schema, schema, 0), { numRuns: 300, seed }).find((candidate) => schemaAccepts(part, candidate));
}
