import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactBody, contactResponse } from '@bilheteira/shared/schemas/contact';
import { translate } from '../../i18n/messages';
import { captchaKeys } from '../../lib/captcha';
import { clientIp } from '../../lib/client-ip';
import { submitContactMessage } from './contact.service';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      schema: {
        tags: ['support'],
        summary: 'Need-help contact form (form or JSON; captcha in `altcha`)',
        body: contactBody,
        response: { 200: contactResponse },
      },
    },
    async (req) => {
      await submitContactMessage(app.db, req.body, {
        ip: clientIp(req),
        locale: req.locale,
        supportEmail: app.config.SUPPORT_EMAIL,
        captchaKeys: captchaKeys(app.config),
      });
      const message = translate(req.locale, 'contact.received');
      return { data: { message }, message };
    },
  );
};
export default contactRoutes;
