import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  createEventBody,
  updateEventBody,
  type UpdateEventBody,
} from '@bilheteira/shared/schemas/backoffice-events';
import { FormError } from '../../components/form-error';
import { notify } from '../../lib/notice';
import { paths } from '../../app/nav';
import { bodyResolver, serverError } from './form-kit';
import { useCreateEvent, useUpdateEvent, type AdminEventView } from './events-api';
import {
  eventBody,
  eventFieldOf,
  eventValues,
  newEventValues,
  type EventFormValues,
} from './event-form-values';
import { PlaceSection, SettingsSection, TextsSection, WhenSection } from './event-form-sections';

/**
 * The event's details, to create a draft (`event` null) or edit one: texts in three
 * languages, place, dates, settings. Validated by the API's own schema before it is sent.
 */
export function EventForm({
  organizerId,
  event,
  contactEmail,
}: {
  organizerId: number;
  event: AdminEventView | null;
  contactEmail: string;
}) {
  const { t } = useTranslation(['events', 'common']);
  const navigate = useNavigate();
  const create = useCreateEvent(organizerId);
  const update = useUpdateEvent(organizerId, event?.id ?? 0);
  const [formError, setFormError] = useState<string | null>(null);
  const schema: z.ZodType<UpdateEventBody> = event ? updateEventBody : createEventBody;
  const form = useForm<EventFormValues, unknown, UpdateEventBody>({
    resolver: bodyResolver(schema, (v: EventFormValues) => eventBody(v, event?.slug), eventFieldOf),
    defaultValues: event ? eventValues(event) : newEventValues(contactEmail),
  });
  const { isSubmitting } = form.formState;
  const submit = form.handleSubmit(
    async (body) => {
      setFormError(null);
      try {
        if (event) {
          const res = await update.mutateAsync(body);
          form.reset(eventValues(res.data));
          notify(res.message ?? t('events:saved'));
        } else {
          const res = await create.mutateAsync(body as z.output<typeof createEventBody>);
          notify(res.message ?? t('events:created'));
          await navigate(`${paths.event(organizerId, res.data.id)}?tab=schedule`);
        }
      } catch (err) {
        setFormError(serverError(t, err, form.setError, eventFieldOf));
      }
    },
    () => setFormError(t('events:fix_errors')),
  );
  const published = event?.status === 'published';
  // the API refuses every change to a cancelled event: its details are shown, not offered
  const cancelled = event?.status === 'cancelled';
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="flex flex-col gap-6"
      data-testid="event-form"
    >
      {cancelled && (
        <p className="rounded-md border border-slate-300 bg-white p-3 text-sm" data-testid="event-readonly">
          {t('events:cancelled_readonly')}
        </p>
      )}
      <fieldset disabled={cancelled} className="flex min-w-0 flex-col gap-6">
        <TextsSection form={form} />
        <PlaceSection form={form} slugLocked={published} />
        <WhenSection
          form={form}
          sessionLocked={!!event && (event.sessions.length > 0 || event.days.length > 0)}
        />
        <SettingsSection form={form} />
      </fieldset>
      {!cancelled && (
        <div className="sticky bottom-0 -mx-4 flex flex-col gap-3 border-t border-slate-200 bg-slate-100/95 px-4 py-3 backdrop-blur sm:flex-row sm:items-center sm:justify-end">
          <FormError message={formError} />
          <button type="submit" className="btn-primary" disabled={isSubmitting} data-testid="save-event">
            {isSubmitting ? t('common:working') : event ? t('events:save') : t('events:create_draft')}
          </button>
        </div>
      )}
    </form>
  );
}
