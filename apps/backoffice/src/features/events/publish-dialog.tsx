import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import { FormError } from '../../components/form-error';
import { notify } from '../../lib/notice';
import { serverError } from './form-kit';
import { usePublishEvent, useUnpublishEvent, type AdminEventSummary } from './events-api';
import { publicUrl } from './event-status';

type Target = Pick<AdminEventSummary, 'id' | 'name' | 'status' | 'visibility'> & { public_path?: string };

/** The address of the public page with a copy button. */
export function PublicLink({ path, label }: { path: string; label: string }) {
  const { t } = useTranslation('events');
  const [copied, setCopied] = useState(false);
  const url = publicUrl(path);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
      <label htmlFor="public-link" className="field-label">
        {label}
      </label>
      <input
        id="public-link"
        readOnly
        value={url}
        className="field-input font-mono text-sm"
        data-testid="public-link"
        onFocus={(e) => e.target.select()}
      />
      <p className="sr-only" aria-live="polite">
        {copied ? t('copied') : ''}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
        <button
          type="button"
          className="btn-secondary shrink-0"
          onClick={() => void copy()}
          data-testid="copy-link"
        >
          {copied ? t('copied') : t('copy_link')}
        </button>
        <a
          href={url}
          target="_blank"
          rel="noreferrer"
          className="text-sm font-semibold text-amber-800 underline"
        >
          {t('open_public_page')}
        </a>
      </div>
    </div>
  );
}

/**
 * Publishing a draft (listed in the catalogue, or private: reachable only by a secret link,
 * shown with a copy button once published) and taking a published event off sale.
 */
export function PublishDialog({
  organizerId,
  event,
  onClose,
}: {
  organizerId: number;
  event: Target | null;
  onClose(): void;
}) {
  const { t } = useTranslation(['events', 'common']);
  const publish = usePublishEvent(organizerId);
  const unpublish = useUnpublishEvent(organizerId);
  const [visibility, setVisibility] = useState<'public' | 'private'>('public');
  const [error, setError] = useState<string | null>(null);
  const [published, setPublished] = useState<{ path: string; visibility: string } | null>(null);
  const close = () => {
    setError(null);
    setPublished(null);
    setVisibility('public');
    onClose();
  };
  const busy = publish.isPending || unpublish.isPending;
  const isPublished = event?.status === 'published';
  const doPublish = () =>
    event &&
    publish.mutate(
      { eventId: event.id, visibility },
      {
        onSuccess: (res) => {
          notify(res.message ?? t('events:published'));
          setPublished({ path: res.data.public_path, visibility: res.data.visibility });
        },
        onError: (err) => setError(serverError(t, err)),
      },
    );
  const doUnpublish = () =>
    event &&
    unpublish.mutate(event.id, {
      onSuccess: (res) => {
        notify(res.message ?? t('events:unpublished'));
        close();
      },
      onError: (err) => setError(serverError(t, err)),
    });
  return (
    <DialogFrame
      open={event !== null}
      onClose={close}
      title={isPublished && !published ? t('events:unpublish_title') : t('events:publish_title')}
      description={event?.name}
      closeLabel={t('common:close')}
      testId="publish-dialog"
      size="xl"
    >
      <div className="flex flex-col gap-4">
        <FormError message={error} />
        {published ? (
          <>
            <p className="font-semibold text-emerald-800" role="status">
              {published.visibility === 'private'
                ? t('events:published_private')
                : t('events:published_public')}
            </p>
            <PublicLink
              path={published.path}
              label={published.visibility === 'private' ? t('events:private_link') : t('events:public_page')}
            />
            <div className="flex justify-end">
              <button type="button" className="btn-primary" onClick={close}>
                {t('events:done')}
              </button>
            </div>
          </>
        ) : isPublished ? (
          <>
            <p className="text-slate-800">{t('events:unpublish_text')}</p>
            {event.public_path && (
              <PublicLink
                path={event.public_path}
                label={event.visibility === 'private' ? t('events:private_link') : t('events:public_page')}
              />
            )}
            <div className="flex flex-wrap justify-end gap-3">
              <button type="button" className="btn-secondary" onClick={close} disabled={busy}>
                {t('common:cancel')}
              </button>
              <button
                type="button"
                className="btn-danger"
                onClick={doUnpublish}
                disabled={busy}
                data-testid="confirm-unpublish"
              >
                {busy ? t('common:working') : t('events:unpublish')}
              </button>
            </div>
          </>
        ) : (
          <>
            <fieldset>
              <legend className="field-label">{t('events:visibility')}</legend>
              <div className="flex flex-col gap-2">
                {(['public', 'private'] as const).map((v) => (
                  <label
                    key={v}
                    className={`flex cursor-pointer gap-3 rounded-lg p-3 ring-1 ${visibility === v ? 'bg-amber-50 ring-amber-500' : 'ring-slate-300'}`}
                  >
                    <input
                      type="radio"
                      name="visibility"
                      value={v}
                      checked={visibility === v}
                      onChange={() => setVisibility(v)}
                      className="mt-1 size-4 accent-amber-600"
                      data-testid={`visibility-${v}`}
                    />
                    <span>
                      <span className="block font-semibold">{t(`events:visibility_${v}`)}</span>
                      <span className="block text-sm text-slate-700">{t(`events:visibility_${v}_hint`)}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="flex flex-wrap justify-end gap-3">
              <button type="button" className="btn-secondary" onClick={close} disabled={busy}>
                {t('common:cancel')}
              </button>
              <button
                type="button"
                className="btn-primary"
                onClick={doPublish}
                disabled={busy}
                data-testid="confirm-publish"
              >
                {busy ? t('common:working') : t('events:publish')}
              </button>
            </div>
          </>
        )}
      </div>
    </DialogFrame>
  );
}
