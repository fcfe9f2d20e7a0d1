import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { API_KEY_SCOPES, createApiKeyBody } from '@bilheteira/shared/schemas/backoffice-integrations';
import { ConfirmDialog } from '@bilheteira/ui/confirm-dialog';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import { Field, fieldAria } from '@bilheteira/ui/field';
import { FormError } from '../../components/form-error';
import { Loading } from '../../components/loading';
import { formatDateTime } from '../../lib/format';
import { apiFormError } from '../../lib/forms';
import { notify } from '../../lib/notice';
import { messageOf } from './form-messages';
import {
  useApiKeys,
  useCreateApiKey,
  useRevokeApiKey,
  type ApiKeyView,
  type ApiKeyWithSecretView,
} from './integrations-api';
import { SecretOnceDialog } from '../../components/secret-once-dialog';

/** The organiser's API keys: made with scopes (the key shown once), listed, revoked. */
export function ApiKeysSection({ organizerId }: { organizerId: number }) {
  const { t } = useTranslation(['integrations', 'common']);
  const keys = useApiKeys(organizerId);
  const revokeKey = useRevokeApiKey(organizerId);
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<ApiKeyWithSecretView | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const revoke = async (key: ApiKeyView) => {
    setError(null);
    try {
      const res = await revokeKey.mutateAsync(key.id);
      setRevoking(null);
      notify(res.message ?? t('integrations:revoked'));
    } catch (err) {
      setError(apiFormError(t, err));
    }
  };
  return (
    <section aria-labelledby="api-keys-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="api-keys-title" className="text-xl font-bold">
          {t('integrations:keys_title')}
        </h2>
        <button
          type="button"
          className="btn-primary"
          onClick={() => setCreating(true)}
          data-testid="add-api-key"
        >
          {t('integrations:add_key')}
        </button>
      </div>
      <p className="mb-3 text-sm text-slate-700">
        {t('integrations:keys_intro')}{' '}
        <a
          className="font-semibold text-slate-900 underline"
          href="/api/docs"
          target="_blank"
          rel="noreferrer"
        >
          {t('integrations:api_docs')}
        </a>
      </p>
      {keys.isPending ? (
        <Loading />
      ) : keys.isError ? (
        <FormError message={apiFormError(t, keys.error)} />
      ) : keys.data.length === 0 ? (
        <p className="card text-slate-700">{t('integrations:no_keys')}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="api-keys">
          {keys.data.map((k) => (
            <li
              key={k.id}
              className="card flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:justify-between"
              data-testid="api-key"
            >
              <div className="min-w-0">
                <p className="font-semibold break-words">
                  {k.name}{' '}
                  {k.revoked_at && (
                    <span className="ml-1 rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
                      {t('integrations:revoked_badge')}
                    </span>
                  )}
                </p>
                <p className="font-mono text-sm text-slate-700">{k.prefix}…</p>
                <p className="text-sm text-slate-700">
                  {k.scopes.map((s) => t(`integrations:scopes.${s.replace(':', '_')}`)).join(' · ')}
                </p>
                <p className="text-sm text-slate-700">
                  {t('integrations:created_at', { when: formatDateTime(k.created_at) })} ·{' '}
                  {k.last_used_at
                    ? t('integrations:last_used', { when: formatDateTime(k.last_used_at) })
                    : t('integrations:never_used')}
                </p>
              </div>
              {!k.revoked_at && (
                <button type="button" className="btn-small shrink-0" onClick={() => setRevoking(k)}>
                  {t('integrations:revoke')}
                  <span className="sr-only"> {k.name}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {creating && (
        <ApiKeyDialog
          organizerId={organizerId}
          onClose={() => setCreating(false)}
          onMade={(k) => {
            setCreating(false);
            setMade(k);
          }}
        />
      )}
      {made && (
        <SecretOnceDialog
          title={t('integrations:key_made_title', { name: made.name })}
          label={t('integrations:key_label')}
          value={made.key}
          onClose={() => setMade(null)}
          testId="api-key-secret"
        />
      )}
      <ConfirmDialog
        open={!!revoking}
        title={t('integrations:revoke_title', { name: revoking?.name ?? '' })}
        text={t('integrations:revoke_text')}
        confirmLabel={t('integrations:revoke')}
        cancelLabel={t('common:cancel')}
        onConfirm={() => revoking && void revoke(revoking)}
        onCancel={() => {
          setRevoking(null);
          setError(null);
        }}
        busy={revokeKey.isPending}
        error={error}
        danger
      />
    </section>
  );
}

type Values = z.input<typeof createApiKeyBody>;

function ApiKeyDialog({
  organizerId,
  onClose,
  onMade,
}: {
  organizerId: number;
  onClose(): void;
  onMade(key: ApiKeyWithSecretView): void;
}) {
  const { t } = useTranslation(['integrations', 'common']);
  const create = useCreateApiKey(organizerId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(createApiKeyBody),
    defaultValues: { name: '', scopes: [] },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const res = await create.mutateAsync(createApiKeyBody.parse(values));
      onMade(res.data);
    } catch (err) {
      setFormError(apiFormError(t, err, form.setError, ['name', 'scopes']));
    }
  });
  const nameError = messageOf(t, errors.name?.message);
  const scopesError = messageOf(t, errors.scopes?.message ?? errors.scopes?.root?.message);
  return (
    <DialogFrame
      open
      onClose={onClose}
      title={t('integrations:add_key_title')}
      description={t('integrations:add_key_text')}
      closeLabel={t('common:close')}
      testId="api-key-dialog"
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <FormError message={formError} />
        <Field id="api-key-name" label={t('integrations:key_name')} error={nameError}>
          <input
            id="api-key-name"
            autoComplete="off"
            className="field-input"
            {...fieldAria('api-key-name', nameError)}
            {...form.register('name')}
          />
        </Field>
        <fieldset aria-describedby={scopesError ? 'api-key-scopes-error' : undefined}>
          <legend className="field-label">{t('integrations:scopes_label')}</legend>
          <div className="flex flex-col gap-2">
            {API_KEY_SCOPES.map((scope) => {
              const key = scope.replace(':', '_');
              return (
                <label key={scope} className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    value={scope}
                    className="mt-1 size-4"
                    aria-describedby={`scope-${key}-hint`}
                    {...form.register('scopes')}
                  />
                  <span>
                    <span className="font-semibold">{t(`integrations:scopes.${key}`)}</span>{' '}
                    <span id={`scope-${key}-hint`} className="text-slate-700">
                      {t(`integrations:scope_hints.${key}`)}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
          {scopesError && (
            <p id="api-key-scopes-error" className="field-error" role="alert">
              {scopesError}
            </p>
          )}
        </fieldset>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t('common:cancel')}
          </button>
          <button
            type="submit"
            className="btn-primary"
            disabled={create.isPending}
            data-testid="save-api-key"
          >
            {create.isPending ? t('common:working') : t('integrations:create_key')}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
