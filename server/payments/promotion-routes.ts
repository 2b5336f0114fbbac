import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { promotionQuerySchema, promotionResponseSchema } from '../../core/contracts/payments';
import { lookupPromotion } from './promotions';

/**
 * `GET /v1/subscription/promotion?code=`: what the checkout would make of the custom_code the paywall
 * carries (#37.1), so the paywall shows the same first payment as the hosted checkout and the
 * account page. Signed-in only, like the checkout itself: a stranger cannot try codes here.
 */
export default async function promotionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/v1/subscription/promotion', { schema: { querystring: promotionQuerySchema, response: { 200: promotionResponseSchema } } }, async (request) => {
    const found = await lookupPromotion(app.db, request.query.code, app.clock.now());
    if (found.kind === 'applied') return { promotion: { code: found.promotion.code, percentOff: found.promotion.percent_off }, note: null };
    return { promotion: null, note: found.kind === 'ignored' ? found.note : null };
  });
}
