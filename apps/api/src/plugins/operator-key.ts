import type { FastifyInstance, FastifyRequest } from 'fastify';
import { safeEqual } from '../lib/crypto';
import { clientIp } from '../lib/client-ip';
import { defineErrors } from '../lib/errors';
import { guardKeyAttempt } from '../lib/key-guard';
import { defineMessages } from '../i18n/messages';

defineMessages({
  'operator.unauthorized': {
    'pt-pt': 'Chave de operador inválida.',
    en: 'Invalid operator key.',
    es: 'Clave de operador no válida.',
  },
});

export const operatorKeyErrors = defineErrors({
  unauthorized: { status: 401, code: 'operator_unauthorized', key: 'operator.unauthorized' },
});

/**
 * preHandler of the operator APIs (refunds, payments owed back): OPERATOR_KEY in
 * `X-Operator-Key` (or Bearer); without OPERATOR_KEY set the API is closed. Every attempt
 * goes through the key guard, so a locked-out address gets 429 for any key (no oracle).
 */
export function operatorKeyGuard(app: FastifyInstance) {
  return async (req: FastifyRequest) => {
    const expected = app.config.OPERATOR_KEY;
    const header = req.headers['x-operator-key'];
    const given =
      (typeof header === 'string' ? header : null) ??
      /^Bearer\s+(\S+)$/.exec(req.headers.authorization ?? '')?.[1] ??
      null;
    const right = !!expected && !!given && safeEqual(given, expected);
    await guardKeyAttempt(app.caches.keyGuard, app.db, 'operator', clientIp(req), given, right, new Date());
    if (!right) throw operatorKeyErrors.unauthorized();
  };
}
