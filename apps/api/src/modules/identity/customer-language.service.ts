import type { FastifyRequest } from 'fastify';
import type { Locale } from '@bilheteira/shared/locales';
import type { DbOrTx } from '../../db/client';
import { setCustomerLocale } from './customer.repository';

/**
 * A customer's language (customers.locale) is the one they last used the site in: set at
 * registration, then again at each sign-in and purchase. Messages that reach them later,
 * outside any request of theirs (order paid, ticket received, refund decided), are written
 * in it; a message answering a request of theirs uses the request's language.
 */

/**
 * The language the client asked for, or null when the request names none (X-locale absent:
 * a script or an API client), so that such a request never resets a customer's choice.
 */
export function chosenLocale(req: FastifyRequest): Locale | null {
  return req.headers['x-locale'] ? req.locale : null;
}

/**
 * Remembers the language of the customer's own request. A support session acting for them
 * is not their choice and is ignored.
 */
export async function rememberCustomerLocale(
  db: DbOrTx,
  customerId: number,
  locale: Locale | null,
  opts: { impersonated?: boolean } = {},
): Promise<void> {
  if (!locale || opts.impersonated) return;
  await setCustomerLocale(db, customerId, locale);
}
