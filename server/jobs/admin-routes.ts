import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../http/admin-auth';
import { renderJobsPage } from './admin-page';
import { recentJobRuns } from './job-runs';

const runSchema = z.object({
  id: z.string(),
  job: z.string(),
  state: z.string(),
  retries: z.number(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  output: z.unknown(),
});

/** The team's view of the background jobs, behind the one admin rule: GET /admin/jobs (HTML) and /admin/jobs.json. */
export default async function jobsAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/admin/jobs.json', { schema: { response: { 200: z.object({ runs: z.array(runSchema) }) } } }, async (request, reply) => {
    requireAdmin(app.env, request, reply);
    reply.header('cache-control', 'no-store');
    const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);
    return { runs: (await recentJobRuns(app.db)).map((run) => ({ ...run, startedAt: iso(run.startedAt), finishedAt: iso(run.finishedAt) })) };
  });
  r.get('/admin/jobs', async (request, reply) => {
    requireAdmin(app.env, request, reply);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(renderJobsPage(await recentJobRuns(app.db)));
  });
}
