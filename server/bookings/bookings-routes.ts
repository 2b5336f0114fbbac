import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingRequestSchema, bookingSchema } from '../../core/contracts/signup';
import { requireAdmin } from '../http/admin-auth';
import { renderBookingsPage } from './admin-page';
import { createBooking, listBookings } from './bookings';

const errorBody = z.object({ code: z.string(), message: z.string() });

/**
 * Demo calls with a founder: POST /v1/bookings (public, from /{lng}/demo) and the team's list at
 * GET /admin/bookings (HTML) and /admin/bookings.json, behind the team's one admin rule (server/http/admin-auth.ts).
 */
export default async function bookingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v1/bookings',
    {
      config: { auth: 'public', rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: { body: bookingRequestSchema, response: { 200: bookingSchema, 201: bookingSchema, 400: errorBody, 409: errorBody } },
    },
    async (request, reply) => {
      const { booking, created } = await createBooking(app.db, request.body, app.clock.now());
      if (created) request.log.info({ bookingId: booking.id, kind: booking.kind }, 'demo booking stored');
      return reply.code(created ? 201 : 200).send(booking);
    },
  );

  r.get(
    '/admin/bookings.json',
    { schema: { response: { 200: z.object({ bookings: z.array(bookingSchema) }), 401: errorBody, 403: errorBody } } },
    async (request, reply) => {
      requireAdmin(app.env, request, reply);
      return { bookings: await listBookings(app.db) };
    },
  );

  r.get('/admin/bookings', async (request, reply) => {
    requireAdmin(app.env, request, reply);
    const html = renderBookingsPage(await listBookings(app.db));
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  });
}
