/**
 * Organiser API keys (issue 27 item 8): made with a name and scopes, the key shown once and
 * stored as SHA-256, listed with when each was last used, revoked at once. The integration
 * API (integrations-v1.routes.ts) authenticates by `authenticateApiKey`.
 */
import {
  INTEGRATIONS_MAX_PER_ORGANIZER,
  type ApiKeyScope,
  type ApiKeyView,
  type ApiKeyWithSecretView,
  type CreateApiKeyBody,
} from '@bilheteira/shared/schemas/backoffice-integrations';
import type { Db, DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { randomToken, sha256 } from '../../lib/crypto';
import { integrationErrors } from './integrations.errors';
import {
  apiKeysOf,
  countLiveApiKeys,
  findApiKey,
  insertApiKey,
  lockOrganizerIntegrations,
  liveApiKeyByHash,
  revokeApiKeyRow,
  touchApiKey,
  type ApiKeyRow,
} from './integrations.repository';

/** `bhk_` + 32 random bytes (base64url): the prefix tells a leaked key's kind to secret scanners. */
const newApiKey = () => `bhk_${randomToken(32)}`;
/** What the list shows of a key: its kind and its first 8 random characters. */
const prefixOf = (key: string) => key.slice(0, 12);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const apiKeyView = (k: ApiKeyRow): ApiKeyView => ({
  id: k.id,
  name: k.name,
  scopes: k.scopes as ApiKeyScope[],
  prefix: k.keyPrefix,
  created_at: k.createdAt.toISOString(),
  last_used_at: iso(k.lastUsedAt),
  revoked_at: iso(k.revokedAt),
});

export async function listApiKeys(db: DbOrTx, organizerId: number): Promise<ApiKeyView[]> {
  return (await apiKeysOf(db, organizerId)).map(apiKeyView);
}

/** Makes a key; it is in this answer only. Throws tooMany past INTEGRATIONS_MAX_PER_ORGANIZER live keys. */
export async function createApiKey(
  db: Db,
  organizerId: number,
  body: CreateApiKeyBody,
  actor: { audit: string; userId: number },
): Promise<ApiKeyWithSecretView> {
  return db.transaction(async (tx) => {
    await lockOrganizerIntegrations(tx, organizerId);
    if ((await countLiveApiKeys(tx, organizerId)) >= INTEGRATIONS_MAX_PER_ORGANIZER)
      throw integrationErrors.tooMany({ max: INTEGRATIONS_MAX_PER_ORGANIZER });
    const key = newApiKey();
    const row = await insertApiKey(tx, {
      organizerId,
      name: body.name,
      scopes: body.scopes,
      keyHash: sha256(key),
      keyPrefix: prefixOf(key),
      createdBy: actor.userId,
    });
    await audit(tx, {
      actor: actor.audit,
      action: 'api_key.create',
      entity: 'api_key',
      entityId: row.id,
      data: { organizer_id: organizerId, name: body.name, scopes: body.scopes },
    });
    return { ...apiKeyView(row), key };
  });
}

/** Revokes a key of the organiser (404 for another's); repeating it changes nothing. */
export async function revokeApiKey(
  db: Db,
  organizerId: number,
  id: number,
  actor: string,
  now: Date,
): Promise<ApiKeyView> {
  return db.transaction(async (tx) => {
    const key = await findApiKey(tx, organizerId, id);
    if (!key) throw integrationErrors.apiKeyNotFound();
    const revoked = await revokeApiKeyRow(tx, key.id, now);
    if (!key.revokedAt)
      await audit(tx, { actor, action: 'api_key.revoke', entity: 'api_key', entityId: key.id });
    return apiKeyView(revoked!);
  });
}

/** The live key `key` names, or null: a wrong, malformed and revoked key are the same null. */
export async function authenticateApiKey(
  db: DbOrTx,
  key: string | null,
  now: Date,
): Promise<{ id: number; organizerId: number; scopes: ApiKeyScope[] } | null> {
  if (!key || key.length > 200) return null;
  const row = await liveApiKeyByHash(db, sha256(key));
  if (!row) return null;
  await touchApiKey(db, row.id, now);
  return { id: row.id, organizerId: row.organizerId, scopes: row.scopes as ApiKeyScope[] };
}
