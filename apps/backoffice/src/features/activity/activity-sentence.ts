import type { TFunction } from 'i18next';
import type { ActivityEntry } from './activity-api';

/** The entry's details that a sentence may name (plain values only). */
function params(e: ActivityEntry): Record<string, string | number> {
  const out: Record<string, string | number> = { id: e.entity_id ?? '' };
  for (const [k, v] of Object.entries(e.data)) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  if (e.actor.customer_id !== null) out.customer = e.actor.customer_id;
  return out;
}

/** What happened, as a sentence where the catalogue knows the action; its code otherwise. */
export function activitySentence(t: TFunction, e: ActivityEntry): string {
  const key = `activity:actions.${e.action.replace(/\./g, '_')}`;
  return t(key, { ...params(e), defaultValue: e.action });
}

/** Who did it: the staff member, Bilheteira's support (and whose session), a command, the system. */
export function activityActor(t: TFunction, e: ActivityEntry): string {
  const a = e.actor;
  switch (a.kind) {
    case 'staff':
      return a.platform
        ? t('activity:actor_platform', { name: a.name ?? a.code })
        : [a.name, a.email && `(${a.email})`].filter(Boolean).join(' ') || a.code;
    case 'support':
      return a.customer_id !== null
        ? t('activity:actor_support_for', { name: a.name ?? '?', customer: a.customer_id })
        : t('activity:actor_support', { name: a.name ?? '?' });
    case 'ops':
      return t('activity:actor_ops', { name: a.name ?? '?' });
    case 'customer':
      return t('activity:actor_customer', { customer: a.customer_id ?? '?' });
    case 'provider':
      return t('activity:actor_provider', { name: a.name ?? '?' });
    default:
      return t('activity:actor_system');
  }
}
