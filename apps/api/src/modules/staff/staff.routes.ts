import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { envelope } from '@bilheteira/shared/schemas/common';
import {
  secondFactorBody,
  staffLoginBody,
  staffMeView,
  totpCodeBody,
} from '@bilheteira/shared/schemas/backoffice';
import { clientIp } from '../../lib/client-ip';
import { notFound } from '../../lib/errors';
import { enableTotp, giveSecondFactor, loginStaff, staffMe, startTotpSetup } from './staff-auth.service';
import { STAFF_COOKIE } from './staff-session.service';
import './staff.messages';

const TAGS = ['backoffice'];

/** Back-office sign-in, second factor, TOTP set-up and the user's sessions. */
const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const setSessionCookie = (reply: FastifyReply, token: string, expires: Date) =>
    reply.setCookie(STAFF_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: app.config.NODE_ENV === 'production',
      path: '/api/backoffice',
      expires,
    });

  app.post(
    '/backoffice/auth/login',
    {
      schema: {
        tags: TAGS,
        summary: 'Back-office sign-in with email and password; sets the session cookie',
        body: staffLoginBody,
        response: { 200: envelope(staffMeView) },
      },
    },
    async (req, reply) => {
      const { token, expiresAt, user, state } = await loginStaff(
        app.db,
        {
          email: req.body.email,
          password: req.body.password,
          ip: clientIp(req),
          userAgent: req.headers['user-agent'] ?? '',
        },
        new Date(),
      );
      setSessionCookie(reply, token, expiresAt);
      return { data: await staffMe(app.db, user, token, state) };
    },
  );

  app.get(
    '/backoffice/auth/me',
    {
      preHandler: app.requireStaff({ partial: true }),
      schema: {
        tags: TAGS,
        summary: 'The signed-in back-office user',
        response: { 200: envelope(staffMeView) },
      },
    },
    async (req) => {
      const { user, token, state } = req.staff!;
      return { data: await staffMe(app.db, user, token, state) };
    },
  );

  app.post(
    '/backoffice/auth/second-factor',
    {
      preHandler: app.requireStaff({ partial: true }),
      schema: {
        tags: TAGS,
        summary: 'Completes the sign-in with a TOTP code or a recovery code',
        body: secondFactorBody,
        response: { 200: envelope(staffMeView) },
      },
    },
    async (req, reply) => {
      const { user, token, session } = req.staff!;
      const expiresAt = await giveSecondFactor(app.db, session, req.body.code, new Date());
      setSessionCookie(reply, token, expiresAt);
      return { data: await staffMe(app.db, user, token, 'complete') };
    },
  );

  app.post(
    '/backoffice/auth/totp/setup',
    {
      preHandler: app.requireStaff({ partial: true }),
      schema: {
        tags: TAGS,
        summary: 'Starts two-step verification: a new secret and its otpauth:// URI for the QR code',
        response: { 200: envelope(z.object({ secret: z.string(), otpauth_uri: z.string() })) },
      },
    },
    async (req) => {
      const { user, state } = req.staff!;
      // a session waiting for its code may not replace the second factor it is asked for
      if (state === 'second_factor') throw notFound();
      const { secret, otpauthUri } = await startTotpSetup(app.db, user);
      return { data: { secret, otpauth_uri: otpauthUri } };
    },
  );

  app.post(
    '/backoffice/auth/totp/enable',
    {
      preHandler: app.requireStaff({ partial: true }),
      schema: {
        tags: TAGS,
        summary: 'Turns two-step verification on with a code from the app; answers the recovery codes once',
        body: totpCodeBody,
        response: { 200: envelope(z.object({ recovery_codes: z.array(z.string()) })) },
      },
    },
    async (req, reply) => {
      const { token, session, state } = req.staff!;
      if (state === 'second_factor') throw notFound();
      const { recoveryCodes, expiresAt } = await enableTotp(app.db, session, req.body.code, new Date());
      setSessionCookie(reply, token, expiresAt);
      return { data: { recovery_codes: recoveryCodes } };
    },
  );
};

export default staffRoutes;
