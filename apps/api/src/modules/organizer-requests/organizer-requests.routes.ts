import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  captchaChallengeResponse,
  organizerRequestBody,
  organizerRequestResponse,
} from '@bilheteira/shared/schemas/organizer-requests';
import { translate } from '../../i18n/messages';
import { captchaKeys, createCaptchaChallenge, purgeUsedCaptchas } from '../../lib/captcha';
import { clientIp } from '../../lib/client-ip';
import { createOrganizerRequest } from './organizer-requests.service';

export const organizerRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const keys = () => captchaKeys(app.config);

  app.jobs.push({
    name: 'captcha-purge',
    everyMs: 15 * 60_000,
    run: () => purgeUsedCaptchas(app.db, new Date()),
  });

  app.get(
    '/captcha/challenge',
    {
      schema: {
        tags: ['captcha'],
        summary: 'A new ALTCHA proof-of-work challenge for a form (self-hosted captcha)',
        response: { 200: captchaChallengeResponse },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      const challenge = await createCaptchaChallenge(keys(), new Date());
      return { parameters: { ...challenge.parameters }, signature: challenge.signature };
    },
  );

  app.post(
    '/organizers/create-account',
    {
      schema: {
        tags: ['organizers'],
        summary: 'Organiser account request (form; captcha in `altcha`)',
        body: organizerRequestBody,
        response: { 200: organizerRequestResponse },
      },
    },
    async (req) => {
      await createOrganizerRequest(app.db, req.body, {
        ip: clientIp(req),
        visitorId: req.visitorId,
        eventId: req.eventIdHeader,
        operatorEmail: app.config.OPERATOR_EMAIL,
        captchaKeys: keys(),
      });
      const message = translate(req.locale, 'organizer.request_received');
      return { data: { message }, message };
    },
  );
};
export default organizerRequestRoutes;
