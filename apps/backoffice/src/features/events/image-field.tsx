import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventDetail } from '@bilheteira/shared/schemas/events';
import type { EventImageView } from '@bilheteira/shared/schemas/media';
import { FormError } from '../../components/form-error';
import { api, apiEnvelope } from '../../lib/api';
import { notify } from '../../lib/notice';
import { serverError } from './form-kit';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

/**
 * The event's image: the one the public pages show (read from the preview), replaced by an
 * upload (checked, resized and re-encoded by the API) or removed.
 */
export function ImageField({ organizerId, eventId }: { organizerId: number; eventId: number }) {
  const { t } = useTranslation(['events', 'common']);
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const path = `/organizers/${organizerId}/events/${eventId}`;
  const current = useQuery({
    queryKey: ['events', organizerId, 'image', eventId],
    queryFn: async () => (await api<EventDetail>(`${path}/preview`)).image ?? null,
  });
  const change = useMutation({
    mutationFn: (file: File | null) => {
      if (!file) return apiEnvelope<unknown>(`${path}/image`, { method: 'DELETE' });
      const form = new FormData();
      form.append('image', file);
      return apiEnvelope<EventImageView>(`${path}/image`, { method: 'POST', form });
    },
    onSuccess: (res) => {
      setError(null);
      notify(res.message ?? t('events:saved'));
      return qc.invalidateQueries({ queryKey: ['events', organizerId] });
    },
    onError: (err) => setError(serverError(t, err)),
  });
  const image = current.data;
  return (
    <section aria-labelledby="image-title" className="card">
      <h2 id="image-title" className="text-lg font-bold">
        {t('events:image_title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('events:image_intro')}</p>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start">
        <div
          className="flex aspect-video w-full max-w-xs items-center justify-center overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200"
          style={image ? { backgroundColor: image.dominant_color } : undefined}
        >
          {image ? (
            <img
              src={image.src}
              alt={t('events:image_alt')}
              width={image.width}
              height={image.height}
              className="h-full w-full object-cover"
              data-testid="event-image"
            />
          ) : (
            <span className="text-sm text-slate-700">{t('events:no_image')}</span>
          )}
        </div>
        <div className="flex flex-col gap-3">
          <FormError message={error} />
          <label htmlFor="event-image-file" className="field-label">
            {image ? t('events:image_replace') : t('events:image_choose')}
          </label>
          <input
            ref={input}
            id="event-image-file"
            type="file"
            accept={ACCEPT}
            aria-describedby="event-image-hint"
            className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-semibold"
            disabled={change.isPending}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) change.mutate(file, { onSettled: () => input.current && (input.current.value = '') });
            }}
            data-testid="image-input"
          />
          <p id="event-image-hint" className="text-xs text-slate-700">
            {change.isPending ? t('events:image_uploading') : t('events:image_hint')}
          </p>
          {image && (
            <button
              type="button"
              className="btn-small self-start"
              disabled={change.isPending}
              onClick={() => change.mutate(null)}
            >
              {t('events:image_remove')}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
