import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { isRole, roleHas, type Permission, type Role } from '@bilheteira/shared/backoffice-roles';
import { forbidden, notFound } from '../lib/errors';
import { safeEqual } from '../lib/crypto';
import { setAuditScope } from '../lib/audit';
import { hitLimit } from '../lib/rate-limit';
import { staffErrors } from '../modules/staff/staff.errors';
import { sessionState, type SessionState } from '../modules/staff/staff-auth.service';
import { findMembership, type StaffSessionRow, type StaffUserRow } from '../modules/staff/staff.repository';
import { csrfTokenOf, resolveStaffSession, STAFF_COOKIE } from '../modules/staff/staff-session.service';

export interface StaffContext {
  user: StaffUserRow;
  session: StaffSessionRow;
  token: string;
  state: SessionState;
  /** the user's role in the route's organiser (routes with `:organizerId`) */
  role: Role | null;
}

/** What a back-office route needs of its caller (one plugin checks it on every route). */
export interface StaffRequirement {
  /** a permission flag in the route's `:organizerId` (another organiser's id answers 404) */
  permission?: Permission;
  /** Bilheteira staff only */
  operator?: boolean;
  /** password given, second factor still to come (sign-in and TOTP set-up routes) */
  partial?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffContext | null;
  }
  interface FastifyInstance {
    /** preHandler for back-office routes: session cookie, CSRF, second factor, permission. */
    requireStaff(requirement?: StaffRequirement): preHandlerAsyncHookHandler;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Changes one back-office user may make in a minute, whatever the route: far above what a
 * person clicks, low enough that a script or a stuck button (the same POST a hundred times
 * at once) stops after it instead of writing a hundred drafts.
 */
export const STAFF_WRITES_PER_MINUTE = 60;

/** Platform operators see every organiser: they pass the read permissions anywhere. */
const operatorMay = (permission: Permission) => permission.endsWith('.view');

export const staffAuthPlugin = fp(async (app) => {
  await app.register(cookie);
  app.decorateRequest('staff', null);

  app.decorate('requireStaff', (requirement: StaffRequirement = {}) => {
    return async (req: FastifyRequest, _reply: FastifyReply) => {
      const token = req.cookies[STAFF_COOKIE];
      if (!token || token.length > 200) throw staffErrors.unauthorized();
      const now = new Date();
      const found = await resolveStaffSession(app.db, token, now);
      if (!found) throw staffErrors.unauthorized();
      if (!SAFE_METHODS.has(req.method)) {
        const sent = req.headers['x-csrf-token'];
        if (typeof sent !== 'string' || !safeEqual(sent, csrfTokenOf(token))) throw staffErrors.csrf();
        await hitLimit(
          app.db,
          { key: `staff-write:${found.user.id}`, max: STAFF_WRITES_PER_MINUTE, windowSeconds: 60 },
          now,
        );
      }
      const state = await sessionState(app.db, found.user, found.session);
      if (state !== 'complete' && !requirement.partial) throw staffErrors.secondFactorRequired();
      const isOperator = found.user.platformRole === 'operator';
      if (requirement.operator && !isOperator) throw notFound();
      let role: Role | null = null;
      setAuditScope({ staffSessionId: found.session.id });
      if (requirement.permission) {
        const params = req.params as { organizerId?: unknown; eventId?: unknown };
        const organizerId = Number(params.organizerId);
        const member = Number.isSafeInteger(organizerId)
          ? await findMembership(app.db, organizerId, found.user.id)
          : undefined;
        role = member && isRole(member.role) ? member.role : null;
        // another organiser's id: the same answer as one that does not exist
        if (!role && !(isOperator && operatorMay(requirement.permission))) throw notFound();
        if (
          role &&
          !roleHas(role, requirement.permission) &&
          !(isOperator && operatorMay(requirement.permission))
        )
          throw forbidden();
        // what the route's actions are audited under (the services check the event is the organiser's)
        const eventId = Number(params.eventId);
        setAuditScope({
          organizerId,
          eventId: Number.isSafeInteger(eventId) && eventId > 0 ? eventId : undefined,
        });
      }
      req.staff = { user: found.user, session: found.session, token, state, role };
    };
  });
});
