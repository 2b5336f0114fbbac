import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { funnelChartQuerySchema, funnelQuerySchema, type FunnelQuery } from '../../core/contracts/analytics';
import { badRequest, HttpError } from '../http/errors';
import { adminAccess, adminCookieHeader, isAdminToken, requireAdmin } from '../http/admin-auth';
import { isLocalDevelopmentRequest } from '../http/local-only';
import { defaultRange, funnelReport, type FunnelRange } from './funnel';
import { filterOf, funnelChartNumbers } from './funnel-numbers';
import { renderBadRequest, renderFunnelPage, renderLoginPage } from './funnel-page';
import { DAY_MS } from '../../core/durations';

const MAX_RANGE_DAYS = 366;

/** The range asked for, checked: real dates, from ≤ to, at most a year. */
export function resolveRange(query: Pick<FunnelQuery, 'from' | 'to'>, now: Date): FunnelRange {
  const fallback = defaultRange(now);
  const from = query.from ?? fallback.from;
  const to = query.to ?? (query.from && query.from > fallback.to ? query.from : fallback.to);
  const fromTime = Date.parse(`${from}T00:00:00Z`);
  const toTime = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(fromTime) || new Date(fromTime).toISOString().slice(0, 10) !== from) throw badRequest('INVALID_RANGE', `"${from}" is not a date`);
  if (Number.isNaN(toTime) || new Date(toTime).toISOString().slice(0, 10) !== to) throw badRequest('INVALID_RANGE', `"${to}" is not a date`);
  if (fromTime > toTime) throw badRequest('INVALID_RANGE', 'The start date is after the end date');
  if ((toTime - fromTime) / DAY_MS >= MAX_RANGE_DAYS) throw badRequest('INVALID_RANGE', 'The range is longer than a year');
  return { from, to };
}

const recentEventsQuerySchema = z.object({
  device_id: z.string().max(1024).optional(),
  user_id: z.string().max(1024).optional(),
  event_type: z.string().max(1024).optional(),
  utm_source: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const loginBodySchema = z.object({ token: z.string().min(1).max(512), next: z.string().optional() });

/** The team's funnel report under /admin (HTML page, JSON, login form). */
export default async function adminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The login form posts application/x-www-form-urlencoded, which Fastify does not parse by itself.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const guard = adminGuard(app);

  r.get(
    '/admin/funnel.json',
    { schema: { querystring: funnelQuerySchema }, preHandler: guard },
    async (request, reply) => {
      const range = resolveRange(request.query, app.clock.now());
      reply.header('cache-control', 'no-store');
      return funnelReport(app.database, range, request.query.split ?? null);
    },
  );

  // The same funnel, filtered, for the chart view (/inspect/charts): team-only like the report.
  r.get(
    '/admin/funnel/chart.json',
    { schema: { querystring: funnelChartQuerySchema }, preHandler: guard },
    async (request, reply) => {
      const range = resolveRange(request.query, app.clock.now());
      reply.header('cache-control', 'no-store');
      return funnelChartNumbers(app.database, range, filterOf(request.query));
    },
  );

  // The latest stored events, newest first, for the team to check instrumentation (and for tests).
  r.get('/admin/analytics/events.json', { schema: { querystring: recentEventsQuerySchema }, preHandler: guard }, async (request, reply) => {
    const query = recentEventsQuery(app, request.query);
    reply.header('cache-control', 'no-store');
    return { events: await query.execute() };
  });

  r.get('/admin/funnel', { preHandler: guard }, async (request, reply) => funnelPage(app, request, reply));

  r.post(
    '/admin/login',
    {
      schema: { body: loginBodySchema },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => logIn(app, request, reply, request.body.token),
  );
}

/** Whether the caller asked for a page (HTML) rather than one of the `*.json` answers. */
function wantsHtml(request: FastifyRequest): boolean {
  return !request.url.split('?')[0]!.endsWith('.json');
}

/**
 * The preHandler every /admin report route shares: the team's one rule (server/http/admin-auth.ts)
 * lets the team in; a browser refused gets the login form, a script the API's refusal.
 */
function adminGuard(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!wantsHtml(request)) return requireAdmin(app.env, request, reply);
    const access = adminAccess(app.env, request);
    if (access.allowed) return;
    reply.header('cache-control', 'no-store');
    return reply.status(access.reason === 'not-configured' ? 403 : 401).type('text/html; charset=utf-8').send(
      renderLoginPage({ status: access.reason, ...(access.reason === 'invalid' ? { error: 'That token is not valid.' } : {}) }),
    );
  };
}

/** The stored events matching the filters, newest first (the query, not yet run). */
function recentEventsQuery(app: FastifyInstance, filters: z.infer<typeof recentEventsQuerySchema>) {
  const { device_id: deviceId, user_id: userId, event_type: eventType, utm_source: utmSource, limit } = filters;
  let query = app.db
    .selectFrom('analytics_events')
    .select(['event_type', 'user_id', 'device_id', 'session_id', 'insert_id', 'time', 'received_at', 'lng', 'landing', 'utm_source', 'event_properties'])
    .orderBy('time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  if (deviceId) query = query.where('device_id', '=', deviceId);
  if (userId) query = query.where('user_id', '=', userId);
  if (eventType) query = query.where('event_type', '=', eventType);
  if (utmSource) query = query.where('utm_source', '=', utmSource);
  return query;
}

/** `GET /admin/funnel`: the report as an HTML page; a bad query or range gets a readable 400 page. */
async function funnelPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
  // Parsed here rather than by the route schema so a bad value gets a readable page, not JSON.
  const raw = request.query as Record<string, unknown>;
  const cleaned = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== ''));
  const parsed = funnelQuerySchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return reply.status(400).send(renderBadRequest(`${issue?.path.join('.') ?? 'query'}: ${issue?.message ?? 'invalid'}`));
  }
  let range: FunnelRange;
  try {
    range = resolveRange(parsed.data, app.clock.now());
  } catch (error) {
    if (error instanceof HttpError) return reply.status(400).send(renderBadRequest(error.message));
    throw error;
  }
  const report = await funnelReport(app.database, range, parsed.data.split ?? null);
  return reply.send(renderFunnelPage(report));
}

/**
 * `POST /admin/login`: the token posted by the login form (in the body, never the address), kept
 * as a cookie standing for it (a digest) for the team's pages. Without ADMIN_TOKEN there is nothing
 * to sign in with: the pages are open on this machine in development, closed otherwise.
 */
async function logIn(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, token: string): Promise<FastifyReply> {
  reply.header('cache-control', 'no-store');
  if (!app.env.ADMIN_TOKEN) {
    if (isLocalDevelopmentRequest(app.env, request)) return reply.redirect('/admin/funnel', 303);
    return reply.status(403).type('text/html; charset=utf-8').send(renderLoginPage({ status: 'not-configured' }));
  }
  if (!isAdminToken(app.env, token)) {
    return reply.status(401).type('text/html; charset=utf-8').send(renderLoginPage({ status: 'invalid', error: 'That token is not valid.' }));
  }
  reply.header('set-cookie', adminCookieHeader(app.env, request));
  return reply.redirect('/admin/funnel', 303);
}
