import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { createWebhookBody, WEBHOOK_EVENT_TYPES } from '@bilheteira/shared/schemas/backoffice-integrations';
import { ConfirmDialog } from '@bilheteira/ui/confirm-dialog';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import { Field, fieldAria } from '@bilheteira/ui/field';
import { FormError } from '../../components/form-error';
import { Loading } from '../../components/loading';
import { apiFormError } from '../../lib/forms';
import { notify } from '../../lib/notice';
import { DeliveriesTable } from './deliveries-table';
import { messageOf } from './form-messages';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useUpdateWebhook,
  useWebhooks,
  type WebhookEndpointView,
  type WebhookEndpointWithSecretView,
} from './integrations-api';
import { SecretOnceDialog } from '../../components/secret-once-dialog';

/** The organiser's webhook endpoints: added (secret shown once), enabled or not, deleted, with their deliveries. */
export function WebhooksSection({ organizerId }: { organizerId: number }) {
  const { t } = useTranslation(['integrations', 'common']);
  const hooks = useWebhooks(organizerId);
  const update = useUpdateWebhook(organizerId);
  const del = useDeleteWebhook(organizerId);
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<WebhookEndpointWithSecretView | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointView | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const toggle = async (w: WebhookEndpointView) => {
    setError(null);
    try {
      await update.mutateAsync({ id: w.id, body: { enabled: !w.enabled } });
      notify(t(w.enabled ? 'integrations:disabled_notice' : 'integrations:enabled_notice', { url: w.url }));
    } catch (err) {
      setError(apiFormError(t, err));
    }
  };
  const remove = async (w: WebhookEndpointView) => {
    setError(null);
    try {
      const res = await del.mutateAsync(w.id);
      setDeleting(null);
      notify(res.message ?? t('integrations:deleted'));
    } catch (err) {
      setError(apiFormError(t, err));
    }
  };
  return (
    <section aria-labelledby="webhooks-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="webhooks-title" className="text-xl font-bold">
          {t('integrations:webhooks_title')}
        </h2>
        <button
          type="button"
          className="btn-primary"
          onClick={() => setCreating(true)}
          data-testid="add-webhook"
        >
          {t('integrations:add_webhook')}
        </button>
      </div>
      <p className="mb-3 text-sm text-slate-700">{t('integrations:webhooks_intro')}</p>
      {!deleting && <FormError message={error} />}
      {hooks.isPending ? (
        <Loading />
      ) : hooks.isError ? (
        <FormError message={apiFormError(t, hooks.error)} />
      ) : hooks.data.length === 0 ? (
        <p className="card text-slate-700">{t('integrations:no_webhooks')}</p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="webhooks">
          {hooks.data.map((w) => (
            <li key={w.id} className="card flex flex-col gap-3 py-4" data-testid="webhook">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <p className="font-mono text-sm font-semibold break-all">{w.url}</p>
                  <p className="text-sm text-slate-700">
                    {w.events.map((e) => t(`integrations:events.${e.replace('.', '_')}`)).join(' · ')}
                  </p>
                  <p className="text-sm text-slate-700" data-testid="webhook-status">
                    {t(w.enabled ? 'integrations:status_enabled' : 'integrations:status_disabled')} ·{' '}
                    {t('integrations:counts', { pending: w.pending, failed: w.failed })}
                  </p>
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn-small"
                    aria-expanded={open === w.id}
                    aria-controls={`deliveries-${w.id}`}
                    onClick={() => setOpen(open === w.id ? null : w.id)}
                  >
                    {t('integrations:deliveries')}
                    <span className="sr-only"> {w.url}</span>
                  </button>
                  <button type="button" className="btn-small" onClick={() => void toggle(w)}>
                    {w.enabled ? t('integrations:disable') : t('integrations:enable')}
                    <span className="sr-only"> {w.url}</span>
                  </button>
                  <button type="button" className="btn-small" onClick={() => setDeleting(w)}>
                    {t('integrations:delete')}
                    <span className="sr-only"> {w.url}</span>
                  </button>
                </div>
              </div>
              {open === w.id && (
                <div id={`deliveries-${w.id}`}>
                  <DeliveriesTable organizerId={organizerId} endpoint={w} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {creating && (
        <WebhookDialog
          organizerId={organizerId}
          onClose={() => setCreating(false)}
          onMade={(w) => {
            setCreating(false);
            setMade(w);
            setOpen(w.id);
          }}
        />
      )}
      {made && (
        <SecretOnceDialog
          title={t('integrations:secret_title')}
          label={t('integrations:secret_label')}
          value={made.secret}
          onClose={() => setMade(null)}
          testId="webhook-secret"
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        title={t('integrations:delete_title')}
        text={t('integrations:delete_text', { url: deleting?.url ?? '' })}
        confirmLabel={t('integrations:delete')}
        cancelLabel={t('common:cancel')}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => {
          setDeleting(null);
          setError(null);
        }}
        busy={del.isPending}
        error={error}
        danger
      />
    </section>
  );
}

type Values = z.input<typeof createWebhookBody>;

function WebhookDialog({
  organizerId,
  onClose,
  onMade,
}: {
  organizerId: number;
  onClose(): void;
  onMade(endpoint: WebhookEndpointWithSecretView): void;
}) {
  const { t } = useTranslation(['integrations', 'common']);
  const create = useCreateWebhook(organizerId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(createWebhookBody),
    defaultValues: { url: '', events: [...WEBHOOK_EVENT_TYPES] },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const res = await create.mutateAsync(createWebhookBody.parse(values));
      onMade(res.data);
    } catch (err) {
      setFormError(apiFormError(t, err, form.setError, ['url', 'events']));
    }
  });
  const urlError = messageOf(t, errors.url?.message);
  const eventsError = messageOf(t, errors.events?.message ?? errors.events?.root?.message);
  return (
    <DialogFrame
      open
      onClose={onClose}
      title={t('integrations:add_webhook_title')}
      description={t('integrations:add_webhook_text')}
      closeLabel={t('common:close')}
      testId="webhook-dialog"
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <FormError message={formError} />
        <Field
          id="webhook-url"
          label={t('integrations:url')}
          hint={t('integrations:url_hint')}
          error={urlError}
        >
          <input
            id="webhook-url"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://"
            className="field-input"
            {...fieldAria('webhook-url', urlError, true)}
            {...form.register('url')}
          />
        </Field>
        <fieldset aria-describedby={eventsError ? 'webhook-events-error' : undefined}>
          <legend className="field-label">{t('integrations:events_label')}</legend>
          <div className="flex flex-col gap-2">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2 text-sm">
                <input type="checkbox" value={type} className="size-4" {...form.register('events')} />
                <span>
                  {t(`integrations:events.${type.replace('.', '_')}`)}{' '}
                  <code className="text-xs text-slate-700">{type}</code>
                </span>
              </label>
            ))}
          </div>
          {eventsError && (
            <p id="webhook-events-error" className="field-error" role="alert">
              {eventsError}
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
            data-testid="save-webhook"
          >
            {create.isPending ? t('common:working') : t('integrations:create_webhook')}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
