import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractSerializerCompiler, fastPathFor } from '../../../server/http/response-serializer';
import { userSchema, type User } from '../../../core/contracts/user';

/**
 * The response serializer (server/http/response-serializer.ts) answers exactly as zod's serializer
 * would: the same bytes for an answer zod accepts, the same stripping of unknown keys, the same
 * error for an answer that breaks the contract.
 */

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/test', httpStatus: '200' });
const both = (schema: z.ZodType) => ({ fast: contractSerializerCompiler(route(schema)), zod: zodSerializerCompiler(route(schema)) });

const outcome = (serialize: (data: unknown) => string, data: unknown) => {
  try {
    return { json: serialize(data) };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
};

const user = (overrides: Partial<User> = {}, profile: Partial<User['profile']> = {}): User => ({
  // Keys deliberately out of the schema's order: the schema's order is what must come out.
  data: {},
  id: 'user-1',
  role: null,
  kyc_status: null,
  is_anonymous: false,
  ...overrides,
  profile: {
    onboarding_finished_at: null,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@acme-widgets.com',
    phone: null,
    phone_verified: false,
    email_verified: true,
    ...profile,
  },
});

describe('the contract serializer', () => {
  it('compiles GET /v1/user’s schema to the fast path', () => {
    expect(fastPathFor(userSchema)).not.toBeNull();
  });

  it.each([
    ['a new user', user()],
    ['a validated owner with data', user({ role: 'owner', kyc_status: 'VALIDATED', data: { a: [1, 'two', null, { b: true }], 'é😀': { nested: { deep: 1.5 } } } })],
    ['no optional email_verified', user({}, { email_verified: undefined })],
    ['an optional key absent', (({ email_verified: _, ...profile }) => ({ ...user(), profile }))(user().profile)],
  ])('writes the same bytes as zod for %s', (_name, data) => {
    const { fast, zod } = both(userSchema);
    expect(outcome(fast, data)).toEqual(outcome(zod, data));
    expect(Object.keys(JSON.parse(fast(data)) as object)).toEqual(['id', 'role', 'kyc_status', 'is_anonymous', 'profile', 'data']);
  });

  it.each([
    ['an unknown key (stripped, as zod strips it)', { ...user(), password_hash: 'secret' }],
    ['an unknown nested key', { ...user(), profile: { ...user().profile, internal_note: 'x' } }],
    ['a value outside the enum', user({ kyc_status: 'MAYBE' as User['kyc_status'] })],
    ['a wrong type', user({ is_anonymous: 'no' as unknown as boolean })],
    ['a missing key', (({ role: _, ...rest }) => rest)(user())],
    ['a data key longer than 100', user({ data: { ['k'.repeat(101)]: 1 } })],
    ['an empty data key', user({ data: { '': 1 } })],
    ['a data value that is not JSON', user({ data: { when: new Date(0) } as unknown as User['data'] })],
    ['a Map for data', user({ data: new Map() as unknown as User['data'] })],
    ['a non-finite number in data', user({ data: { n: Number.POSITIVE_INFINITY } })],
    ['NaN in data', user({ data: { n: Number.NaN } })],
    ['undefined inside a data array', user({ data: { list: [1, undefined] } as unknown as User['data'] })],
  ])('answers as zod does for %s', (_name, data) => {
    const { fast, zod } = both(userSchema);
    expect(outcome(fast, data)).toEqual(outcome(zod, data));
  });

  it('counts string lengths in code points, as zod does', () => {
    const { fast, zod } = both(z.object({ name: z.string().min(2).max(2) }));
    for (const name of ['😀', '😀a', '😀😀a', 'ab', 'abc', 'a\uD800']) expect(outcome(fast, { name })).toEqual(outcome(zod, { name }));
    expect(outcome(fast, { name: '😀😀a' })).toHaveProperty('error');
    expect(outcome(fast, { name: '😀' })).toHaveProperty('error');
  });

  it.each([
    ['a refinement', z.object({ code: z.string().refine((value) => value.startsWith('A')) })],
    ['a transform', z.object({ at: z.date().transform((date) => date.toISOString()) })],
    ['a passthrough object', z.looseObject({ id: z.string() })],
    ['a format', z.object({ email: z.email() })],
    ['a regex', z.object({ code: z.string().regex(/^[A-Z]+$/) })],
    ['a union of objects', z.object({ answer: z.union([z.object({ a: z.string() }), z.object({ a: z.string(), b: z.string() })]) })],
    ['a date', z.object({ at: z.date() })],
    ['a default', z.object({ n: z.number().default(1) })],
  ])('leaves a schema with %s to zod', (_name, schema) => {
    expect(fastPathFor(schema)).toBeNull();
  });

  it('writes a nullable object’s keys in the schema’s order', () => {
    const { fast, zod } = both(z.object({ inner: z.object({ a: z.number(), b: z.string() }).nullable(), list: z.array(z.object({ x: z.number(), y: z.number() })) }));
    for (const data of [{ inner: { b: 'b', a: 1 }, list: [{ y: 2, x: 1 }] }, { inner: null, list: [] }]) expect(outcome(fast, data)).toEqual(outcome(zod, data));
    expect(fast({ inner: { b: 'b', a: 1 }, list: [{ y: 2, x: 1 }] })).toBe('{"inner":{"a":1,"b":"b"},"list":[{"x":1,"y":2}]}');
  });

  it('still refuses what a refinement refuses (zod serializes those schemas)', () => {
    const { fast } = both(z.object({ code: z.string().refine((value) => value.startsWith('A')) }));
    expect(fast({ code: 'A1' })).toBe('{"code":"A1"}');
    expect(outcome(fast, { code: 'B1' })).toHaveProperty('error');
  });
});
