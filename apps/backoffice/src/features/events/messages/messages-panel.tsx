import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { broadcastBody, type BroadcastBody } from '@bilheteira/shared/schemas/backoffice-messages';
import { ConfirmDialog } from '@bilheteira/ui/confirm-dialog';
import { FormError } from '../../../components/form-error';
import { Loading } from '../../../components/loading';
import { notify } from '../../../lib/notice';
import type { AdminEventView } from '../events-api';
import { InputField, SelectField, TextAreaField } from '../fields';
import { bodyResolver, fieldErrorOf, serverError } from '../form-kit';
import { sessionLabel } from '../lifecycle/lifecycle-format';
import { useBroadcasts, usePreviewBroadcast, useSendBroadcast, type BroadcastPreview } from './messages-api';

const LANGS = ['pt-pt', 'en', 'es'] as const;
type Lang = (typeof LANGS)[number];

interface Values {
  kind: 'operational' | 'marketing';
  /** all | type:<id> | session:<id> */
  audience: string;
  subject: Record<Lang, string>;
  body: Record<Lang, string>;
}

/** The form's values as the API's body: English and Spanish only when written. */
function toBody(v: Values): unknown {
  const [what, id] = v.audience.split(':');
  const texts: Record<string, { subject: string; body: string }> = {
    'pt-pt': { subject: v.subject['pt-pt'], body: v.body['pt-pt'] },
  };
  for (const l of ['en', 'es'] as const)
    if (v.subject[l].trim() || v.body[l].trim()) texts[l] = { subject: v.subject[l], body: v.body[l] };
  return {
    kind: v.kind,
    ticket_type_id: what === 'type' ? Number(id) : null,
    session_id: what === 'session' ? Number(id) : null,
    texts,
  };
}

/** Issue paths (texts.en.subject) land on the form's fields (subject.en). */
const fieldOf = (p: string) => p.replace(/^texts\.([a-z-]+)\.(subject|body)$/, '$2.$1');

/** Messages to the event's holders: write (three languages), preview who gets what, send; the list of those sent. */
export function MessagesPanel({ organizerId, event }: { organizerId: number; event: AdminEventView }) {
  const { t } = useTranslation(['messages', 'common']);
  const preview = usePreviewBroadcast(organizerId, event.id);
  const send = useSendBroadcast(organizerId, event.id);
  const [shown, setShown] = useState<BroadcastPreview | null>(null);
  const [confirming, setConfirming] = useState<BroadcastBody | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const empty = { 'pt-pt': '', en: '', es: '' };
  const form = useForm<Values, unknown, BroadcastBody>({
    resolver: bodyResolver(broadcastBody, toBody, fieldOf),
    defaultValues: { kind: 'operational', audience: 'all', subject: { ...empty }, body: { ...empty } },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const errorOf = fieldErrorOf(t, form.formState.errors);
  const onPreview = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      setShown(await preview.mutateAsync(body));
    } catch (err) {
      setFormError(serverError(t, err, form.setError, fieldOf));
    }
  });
  const onSend = form.handleSubmit((body) => setConfirming(body));
  const confirmSend = async () => {
    if (!confirming) return;
    setFormError(null);
    try {
      const res = await send.mutateAsync(confirming);
      notify(res.message ?? t('messages:sent'));
      setConfirming(null);
      setShown(null);
      form.reset();
    } catch (err) {
      setConfirming(null);
      setFormError(serverError(t, err, form.setError, fieldOf));
    }
  };
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="compose-title" className="card">
        <h2 id="compose-title" className="text-lg font-bold">
          {t('messages:compose_title')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t('messages:compose_intro')}</p>
        <form noValidate className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={(e) => void onPreview(e)}>
          <div className="sm:col-span-2">
            <FormError message={formError} />
          </div>
          <fieldset className="sm:col-span-2">
            <legend className="field-label">{t('messages:kind')}</legend>
            <div className="flex flex-col gap-2 sm:flex-row">
              {(['operational', 'marketing'] as const).map((k) => (
                <label key={k} className="flex flex-1 gap-3 rounded-lg px-3 py-2 ring-1 ring-slate-300">
                  <input
                    type="radio"
                    value={k}
                    className="mt-1 size-4 accent-amber-600"
                    data-testid={`kind-${k}`}
                    {...form.register('kind')}
                  />
                  <span>
                    <span className="block font-semibold">{t(`messages:kind_${k}`)}</span>
                    <span className="block text-sm text-slate-700">{t(`messages:kind_${k}_hint`)}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <SelectField
            id="message-audience"
            label={t('messages:audience')}
            className="sm:col-span-2"
            error={errorOf('audience')}
            registration={form.register('audience')}
          >
            <option value="all">{t('messages:audience_all')}</option>
            {event.ticket_types.map((tt) => (
              <option key={tt.id} value={`type:${tt.id}`}>
                {t('messages:audience_type', { name: tt.name })}
              </option>
            ))}
            {event.sessions.map((s) => (
              <option key={s.id} value={`session:${s.id}`}>
                {t('messages:audience_session', { when: sessionLabel(s, event) })}
              </option>
            ))}
          </SelectField>
          {LANGS.map((l) => (
            <fieldset key={l} className="grid gap-3 sm:col-span-2">
              <legend className="field-label">{t(`messages:lang_${l}`)}</legend>
              <InputField
                id={`message-subject-${l}`}
                label={t('messages:subject')}
                error={errorOf(`subject.${l}`)}
                registration={form.register(`subject.${l}`)}
              />
              <TextAreaField
                id={`message-body-${l}`}
                label={t('messages:body')}
                rows={5}
                error={errorOf(`body.${l}`)}
                registration={form.register(`body.${l}`)}
              />
            </fieldset>
          ))}
          <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
            <button
              type="submit"
              className="btn-secondary"
              disabled={preview.isPending}
              data-testid="message-preview"
            >
              {t('messages:preview')}
            </button>
            <button
              type="button"
              className="btn-primary"
              disabled={send.isPending}
              onClick={() => void onSend()}
              data-testid="message-send"
            >
              {t('messages:send')}
            </button>
          </div>
        </form>
        {shown && <PreviewBox preview={shown} marketing={kind === 'marketing'} />}
      </section>
      <SentMessages organizerId={organizerId} event={event} />
      <ConfirmDialog
        open={confirming !== null}
        title={t('messages:confirm_title')}
        text={t('messages:confirm_text')}
        confirmLabel={t('messages:send')}
        cancelLabel={t('common:cancel')}
        busy={send.isPending}
        onConfirm={() => void confirmSend()}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}

function PreviewBox({ preview, marketing }: { preview: BroadcastPreview; marketing: boolean }) {
  const { t } = useTranslation('messages');
  const a = preview.audience;
  return (
    <div className="mt-6 flex flex-col gap-4" data-testid="message-preview-box">
      <p role="status" className="font-semibold" data-testid="message-audience">
        {t('audience_count', {
          count: a.recipients,
          pt: a.by_locale['pt-pt'],
          en: a.by_locale.en,
          es: a.by_locale.es,
        })}
        {marketing && a.without_consent > 0 && ` ${t('without_consent', { count: a.without_consent })}`}
      </p>
      {preview.emails.map((m) => (
        <article
          key={m.locale}
          className="rounded-lg p-4 ring-1 ring-slate-300"
          aria-label={t(`language_${m.locale}`)}
        >
          <p className="text-xs font-semibold text-slate-700 uppercase">{t(`language_${m.locale}`)}</p>
          <p className="mt-1 font-semibold">{m.subject}</p>
          <p className="mt-2 text-sm whitespace-pre-line">{m.body}</p>
        </article>
      ))}
    </div>
  );
}

function SentMessages({ organizerId, event }: { organizerId: number; event: AdminEventView }) {
  const { t, i18n } = useTranslation(['messages', 'common']);
  const list = useBroadcasts(organizerId, event.id);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'short',
      timeStyle: 'short',
      timeZone: event.timezone,
    }).format(new Date(iso));
  return (
    <section aria-labelledby="sent-title">
      <h2 id="sent-title" className="mb-3 text-xl font-bold">
        {t('messages:sent_title')}
      </h2>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <FormError message={serverError(t, list.error)} />
      ) : list.data.length === 0 ? (
        <p className="card text-slate-700">{t('messages:none_sent')}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="sent-messages">
          {list.data.map((m) => (
            <li key={m.id} className="card py-4" data-testid="sent-message">
              <p className="font-semibold">{m.subject}</p>
              <p className="text-sm text-slate-700">
                {t(`messages:kind_${m.kind}`)} · {when(m.created_at)} ·{' '}
                <span data-testid="delivery">
                  {t('messages:delivery', {
                    count: m.recipients,
                    sent: m.sent,
                    pending: m.pending,
                    failed: m.failed,
                  })}
                </span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
