import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../http/errors';
import { businessSchema, businessUpdateSchema } from '../../core/contracts/onboarding';
import { businessView, getBusiness, saveBusiness } from './business';

const errorBody = z.object({ code: z.string(), message: z.string() });

/** GET/PATCH /v1/business: the caller's own questionnaire answers. */
export default async function businessRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/business', { schema: { response: { 200: businessSchema, 401: errorBody } } }, async (request) => {
    const user = request.user!;
    return businessView(await getBusiness(app.db, user.id));
  });

  r.patch(
    '/v1/business',
    { schema: { body: businessUpdateSchema, response: { 200: businessSchema, 400: errorBody, 401: errorBody } } },
    async (request) => {
      const user = request.user!;
      const body = request.body;
      if (body.crm === 'other' && !body.crm_other) {
        const current = await getBusiness(app.db, user.id);
        if (!current?.crm_other) throw badRequest('CRM_NAME_REQUIRED', 'Give the name of your CRM');
      }
      return businessView(await saveBusiness(app.db, user.id, body));
    },
  );
}
