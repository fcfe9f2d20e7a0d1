import type { FastifyRequest } from 'fastify';

/**
 * The client's address. Fastify's `trustProxy` is set from TRUSTED_PROXIES, so `req.ip`
 * honours X-Forwarded-For only when the request came through a configured proxy: a
 * spoofed header from anyone else changes nothing.
 */
export const clientIp = (req: FastifyRequest): string => req.ip;
