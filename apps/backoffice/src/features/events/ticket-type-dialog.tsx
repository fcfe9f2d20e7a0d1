import { useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  createTicketTypeBody,
  updateTicketTypeBody,
  type CreateTicketTypeBody,
} from '@bilheteira/shared/schemas/backoffice-events';
import { TICKET_VAT_PRESETS } from '@bilheteira/shared/vat';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import type { z } from 'zod';
import { FormError } from '../../components/form-error';
import { notify } from '../../lib/notice';
import { bodyResolver, serverError, fieldErrorOf } from './form-kit';
import { useSaveTicketType, type AdminEventView, type AdminTicketTypeView } from './events-api';
import { CheckField, InputField, SelectField, TextAreaField } from './fields';
import { dayLabel } from './schedule-panel';
import {
  ticketTypeBody,
  ticketTypeFieldOf,
  ticketTypeValues,
  type TicketTypeValues,
} from './ticket-type-values';
import { daysBetween, dayIn } from './zoned';

type Body = Partial<CreateTicketTypeBody>;

/** Adds or edits a ticket type: texts, price in euros, VAT, stock, limits, sales window, days. */
export function TicketTypeDialog({
  organizerId,
  event,
  type,
  open,
  onClose,
}: {
  organizerId: number;
  event: AdminEventView;
  type: AdminTicketTypeView | null;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation(['events', 'common']);
  const save = useSaveTicketType(organizerId, event.id);
  const [formError, setFormError] = useState<string | null>(null);
  const tz = event.timezone;
  const days = event.is_session ? [] : daysBetween(dayIn(event.starts_at, tz), dayIn(event.ends_at, tz));
  const schema: z.ZodType<Body> = type ? updateTicketTypeBody : createTicketTypeBody;
  const form = useForm<TicketTypeValues, unknown, Body>({
    resolver: bodyResolver(schema, (v: TicketTypeValues) => ticketTypeBody(v, tz, type), ticketTypeFieldOf),
    defaultValues: ticketTypeValues(type, tz, days),
  });
  const submit = form.handleSubmit(
    async (body) => {
      setFormError(null);
      try {
        const res = await save.mutateAsync({ id: type?.id ?? null, body });
        notify(res.message ?? t('events:saved'));
        onClose();
      } catch (err) {
        setFormError(serverError(t, err, form.setError, ticketTypeFieldOf));
      }
    },
    () => setFormError(t('events:fix_errors')),
  );
  const sold = (type?.sold ?? 0) + (type?.reserved ?? 0);
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={type ? t('events:edit_type_title', { name: type.name }) : t('events:add_type_title')}
      closeLabel={t('common:close')}
      testId="ticket-type-dialog"
      size="xl"
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormError message={formError} />
        </div>
        <TypeFields form={form} event={event} days={days} sold={sold} />
        <div className="flex flex-wrap justify-end gap-3 sm:col-span-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t('common:cancel')}
          </button>
          <button
            type="submit"
            className="btn-primary"
            disabled={form.formState.isSubmitting}
            data-testid="save-type"
          >
            {form.formState.isSubmitting ? t('common:working') : t('events:save_type')}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}

/** The inputs of the ticket type form (the dialog owns the form and its submission). */
function TypeFields({
  form,
  event,
  days,
  sold,
}: {
  form: UseFormReturn<TicketTypeValues, unknown, Body>;
  event: AdminEventView;
  days: string[];
  sold: number;
}) {
  const { t, i18n } = useTranslation(['events', 'common']);
  const errorOf = fieldErrorOf(t, form.formState.errors);
  const preset = useWatch({ control: form.control, name: 'vat_preset' });
  return (
    <>
      <InputField
        id="type-name"
        label={t('events:type_name')}
        error={errorOf('name')}
        registration={form.register('name')}
      />
      <InputField
        id="type-price"
        inputMode="decimal"
        label={t('events:type_price')}
        hint={sold ? t('events:price_locked_hint', { count: sold }) : t('events:price_hint')}
        error={errorOf('price')}
        registration={form.register('price')}
      />
      <SelectField
        id="type-vat"
        label={t('events:type_vat')}
        hint={t('events:vat_hint')}
        error={errorOf('vat_preset')}
        registration={form.register('vat_preset')}
      >
        {TICKET_VAT_PRESETS.map((p) => (
          <option key={p.region} value={String(p.percent)}>
            {t(`events:vat_${p.region}`, { percent: p.percent })}
          </option>
        ))}
        <option value="custom">{t('events:vat_custom')}</option>
      </SelectField>
      {preset === 'custom' ? (
        <InputField
          id="type-vat-custom"
          inputMode="numeric"
          label={t('events:type_vat_custom')}
          hint={t('events:vat_custom_hint')}
          error={errorOf('vat_custom')}
          registration={form.register('vat_custom')}
        />
      ) : (
        <div aria-hidden className="hidden sm:block" />
      )}
      <InputField
        id="type-quantity"
        inputMode="numeric"
        label={event.is_session ? t('events:type_quantity_session') : t('events:type_quantity')}
        error={errorOf('quantity')}
        registration={form.register('quantity')}
      />
      <div className="grid grid-cols-2 gap-4">
        <InputField
          id="type-min"
          inputMode="numeric"
          label={t('events:type_min')}
          error={errorOf('min_per_order')}
          registration={form.register('min_per_order')}
        />
        <InputField
          id="type-max"
          inputMode="numeric"
          label={t('events:type_max')}
          error={errorOf('max_per_order')}
          registration={form.register('max_per_order')}
        />
      </div>
      <InputField
        id="type-sales-start"
        type="datetime-local"
        label={t('events:type_sales_start')}
        hint={t('events:type_sales_hint')}
        error={errorOf('sales_start_at')}
        registration={form.register('sales_start_at')}
      />
      <InputField
        id="type-sales-end"
        type="datetime-local"
        label={t('events:type_sales_end')}
        error={errorOf('sales_end_at')}
        registration={form.register('sales_end_at')}
      />
      {days.length > 0 && (
        <fieldset className="sm:col-span-2" aria-describedby="type-days-hint">
          <legend className="field-label">{t('events:type_days')}</legend>
          <p id="type-days-hint" className="mb-2 text-xs text-slate-700">
            {t('events:type_days_hint')}
          </p>
          <div className="flex flex-wrap gap-2">
            {days.map((d) => (
              <label key={d} className="flex items-center gap-2 rounded-lg px-3 py-2 ring-1 ring-slate-300">
                <input
                  type="checkbox"
                  value={d}
                  className="size-4 accent-amber-600"
                  {...form.register('period_days')}
                />
                <span>{dayLabel(d, i18n.language)}</span>
              </label>
            ))}
          </div>
          {errorOf('period_days') && <p className="field-error">{errorOf('period_days')}</p>}
        </fieldset>
      )}
      <CheckField
        id="type-hidden"
        className="sm:col-span-2"
        label={t('events:type_hidden')}
        hint={t('events:type_hidden_hint')}
        registration={form.register('hidden')}
      />
      <TextAreaField
        id="type-description"
        className="sm:col-span-2"
        rows={2}
        label={t('events:type_description')}
        error={errorOf('description')}
        registration={form.register('description')}
      />
      <TypeTranslations form={form} errorOf={errorOf} />
    </>
  );
}

function TypeTranslations({
  form,
  errorOf,
}: {
  form: UseFormReturn<TicketTypeValues, unknown, Body>;
  errorOf(name: string): string | undefined;
}) {
  const { t } = useTranslation('events');
  return (
    <details className="sm:col-span-2">
      <summary className="cursor-pointer font-semibold text-slate-900">
        {t('events:type_translations')}
      </summary>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {(['en', 'es'] as const).map((l) => (
          <div key={l} className="flex flex-col gap-3">
            <InputField
              id={`type-name-${l}`}
              label={t(`events:type_name_${l}`)}
              error={errorOf(`translations.${l}.name`)}
              registration={form.register(`translations.${l}.name`)}
            />
            <TextAreaField
              id={`type-description-${l}`}
              rows={2}
              label={t(`events:type_description_${l}`)}
              error={errorOf(`translations.${l}.description`)}
              registration={form.register(`translations.${l}.description`)}
            />
          </div>
        ))}
      </div>
    </details>
  );
}
