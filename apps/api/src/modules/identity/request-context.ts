import type { FastifyRequest } from 'fastify';
import { clientIp } from '../../lib/client-ip';

/** What the registration and password use cases need of the request (rate limits, texts, links). */
export const identityRequestContext = (req: FastifyRequest, publicUrl: string) => ({
  ip: clientIp(req),
  locale: req.locale,
  publicUrl: publicUrl.replace(/\/$/, ''),
});
