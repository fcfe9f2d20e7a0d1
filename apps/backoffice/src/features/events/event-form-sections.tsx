import { Tabs } from 'radix-ui';
import { get, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { UpdateEventBody } from '@bilheteira/shared/schemas/backoffice-events';
import { errorText } from './form-kit';
import { LANGS, TIME_ZONES, type EventFormValues } from './event-form-values';
import { CheckField, FormSection, InputField, SelectField, TextAreaField } from './fields';

export type EventForm = UseFormReturn<EventFormValues, unknown, UpdateEventBody>;

/** The error text of a field of the event form (translated), if any. */
export function useErrorOf(form: EventForm) {
  const { t } = useTranslation(['events', 'common']);
  const { errors } = form.formState;
  return (name: string) => errorText(t, (get(errors, name) as { message?: string } | undefined)?.message);
}

/** Name, venue, description and terms in pt-PT (required) and, optionally, English and Spanish. */
export function TextsSection({ form }: { form: EventForm }) {
  const { t } = useTranslation('events');
  const errorOf = useErrorOf(form);
  const tabs = [
    { id: 'pt', prefix: '', label: t('lang_pt') },
    ...LANGS.map((l) => ({ id: l, prefix: `translations.${l}.`, label: t(`lang_${l}`) })),
  ];
  return (
    <section aria-labelledby="texts-title" className="card">
      <h2 id="texts-title" className="text-lg font-bold">
        {t('section_texts')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('section_texts_intro')}</p>
      <Tabs.Root defaultValue="pt" className="mt-4">
        <Tabs.List aria-label={t('languages')} className="flex flex-wrap gap-1 border-b border-slate-200">
          {tabs.map((tab) => {
            const broken = ['name', 'venue_name', 'information', 'terms'].some((f) =>
              errorOf(`${tab.prefix}${f}`),
            );
            return (
              <Tabs.Trigger
                key={tab.id}
                value={tab.id}
                data-testid={`lang-tab-${tab.id}`}
                className="-mb-px rounded-t-lg border border-transparent px-4 py-2 text-sm font-semibold text-slate-700 hover:text-slate-950 data-[state=active]:border-slate-200 data-[state=active]:border-b-white data-[state=active]:bg-white data-[state=active]:text-slate-950"
              >
                {tab.label}
                {broken && <span className="ml-1 text-red-700">({t('has_errors')})</span>}
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Content key={tab.id} value={tab.id} className="grid gap-4 pt-4 sm:grid-cols-2">
            {tab.id !== 'pt' && (
              <p className="text-sm text-slate-700 sm:col-span-2">{t('translation_hint')}</p>
            )}
            {(['name', 'venue_name'] as const).map((f) => (
              <InputField
                key={f}
                id={`event-${tab.id}-${f}`}
                label={t(`field_${f}`)}
                error={errorOf(`${tab.prefix}${f}`)}
                registration={form.register(`${tab.prefix}${f}` as 'name')}
              />
            ))}
            {(['information', 'terms'] as const).map((f) => (
              <TextAreaField
                key={f}
                id={`event-${tab.id}-${f}`}
                className="sm:col-span-2"
                rows={f === 'information' ? 6 : 4}
                label={t(`field_${f}`)}
                error={errorOf(`${tab.prefix}${f}`)}
                registration={form.register(`${tab.prefix}${f}` as 'information')}
              />
            ))}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}

/** Address, city, map coordinates, time zone, contact email and the page address. */
export function PlaceSection({ form, slugLocked }: { form: EventForm; slugLocked: boolean }) {
  const { t } = useTranslation('events');
  const errorOf = useErrorOf(form);
  const [lat, lng, tz] = useWatch({ control: form.control, name: ['latitude', 'longitude', 'timezone'] });
  const zones = TIME_ZONES.includes(tz) ? TIME_ZONES : [tz, ...TIME_ZONES];
  const mapUrl =
    lat && lng
      ? `https://www.openstreetmap.org/?mlat=${lat.replace(',', '.')}&mlon=${lng.replace(',', '.')}#map=16/${lat.replace(',', '.')}/${lng.replace(',', '.')}`
      : null;
  return (
    <FormSection id="place-title" title={t('section_place')}>
      <InputField
        id="event-address"
        className="sm:col-span-2"
        label={t('field_address')}
        error={errorOf('address')}
        registration={form.register('address')}
        autoComplete="off"
      />
      <InputField
        id="event-city"
        label={t('field_city')}
        error={errorOf('city')}
        registration={form.register('city')}
      />
      <SelectField
        id="event-timezone"
        label={t('field_timezone')}
        error={errorOf('timezone')}
        hint={t('timezone_hint')}
        registration={form.register('timezone')}
      >
        {zones.map((z) => (
          <option key={z} value={z}>
            {z}
          </option>
        ))}
      </SelectField>
      <InputField
        id="event-latitude"
        inputMode="decimal"
        label={t('field_latitude')}
        error={errorOf('latitude')}
        registration={form.register('latitude')}
        placeholder="40,2033"
      />
      <InputField
        id="event-longitude"
        inputMode="decimal"
        label={t('field_longitude')}
        error={errorOf('longitude')}
        registration={form.register('longitude')}
        placeholder="-8,4103"
      />
      {mapUrl && (
        <p className="text-sm sm:col-span-2">
          <a
            href={mapUrl}
            target="_blank"
            rel="noreferrer"
            className="font-semibold text-amber-800 underline"
          >
            {t('see_on_map')}
          </a>
        </p>
      )}
      <InputField
        id="event-contact"
        type="email"
        label={t('field_contact_email')}
        error={errorOf('contact_email')}
        hint={t('contact_hint')}
        registration={form.register('contact_email')}
      />
      <InputField
        id="event-slug"
        label={t('field_slug')}
        error={errorOf('slug')}
        hint={slugLocked ? t('slug_locked') : t('slug_hint')}
        readOnly={slugLocked}
        registration={form.register('slug')}
      />
    </FormSection>
  );
}

/** When: starts, ends, dated sessions or a run of days, when sales open. */
export function WhenSection({ form, sessionLocked }: { form: EventForm; sessionLocked: boolean }) {
  const { t } = useTranslation('events');
  const errorOf = useErrorOf(form);
  return (
    <FormSection id="when-title" title={t('section_when')} intro={t('section_when_intro')}>
      <InputField
        id="event-starts"
        type="datetime-local"
        label={t('field_starts_at')}
        error={errorOf('starts_at')}
        registration={form.register('starts_at')}
      />
      <InputField
        id="event-ends"
        type="datetime-local"
        label={t('field_ends_at')}
        error={errorOf('ends_at')}
        registration={form.register('ends_at')}
      />
      <InputField
        id="event-sales-start"
        type="datetime-local"
        label={t('field_sales_start_at')}
        hint={t('sales_start_hint')}
        error={errorOf('sales_start_at')}
        registration={form.register('sales_start_at')}
      />
      <fieldset className="sm:col-span-2">
        <legend className="field-label">{t('field_kind')}</legend>
        <div className="flex flex-col gap-2">
          <CheckField
            id="event-is-session"
            label={t('kind_sessions')}
            hint={sessionLocked ? t('kind_locked') : t('kind_hint')}
            registration={form.register('is_session', { disabled: sessionLocked })}
          />
        </div>
      </fieldset>
    </FormSection>
  );
}

/** Service fee and VAT, refunds, cashless wallet, transfers, embedding. */
export function SettingsSection({ form }: { form: EventForm }) {
  const { t } = useTranslation('events');
  const errorOf = useErrorOf(form);
  const [refunds, wallet, transfers] = useWatch({
    control: form.control,
    name: ['refunds_allowed', 'wallet_enabled', 'transfer_allowed'],
  });
  return (
    <FormSection id="settings-title" title={t('section_settings')}>
      <InputField
        id="event-fee"
        inputMode="decimal"
        label={t('field_service_fee')}
        hint={t('service_fee_hint')}
        error={errorOf('service_fee_percent')}
        registration={form.register('service_fee_percent')}
      />
      <InputField
        id="event-fee-vat"
        inputMode="numeric"
        label={t('field_service_fee_vat')}
        error={errorOf('service_fee_vat_percent')}
        registration={form.register('service_fee_vat_percent')}
      />
      <InputField
        id="event-last-tickets"
        inputMode="numeric"
        label={t('field_last_tickets')}
        hint={t('last_tickets_hint')}
        error={errorOf('last_tickets_at')}
        registration={form.register('last_tickets_at')}
      />
      <div className="flex flex-col gap-3 sm:col-span-2">
        <CheckField
          id="event-refunds"
          label={t('field_refunds')}
          registration={form.register('refunds_allowed')}
        />
        {refunds && (
          <div className="grid gap-4 pl-8 sm:grid-cols-2">
            <InputField
              id="event-refund-opens"
              type="datetime-local"
              label={t('field_refund_opens')}
              error={errorOf('refund_opens_at')}
              registration={form.register('refund_opens_at')}
            />
            <InputField
              id="event-refund-closes"
              type="datetime-local"
              label={t('field_refund_closes')}
              error={errorOf('refund_closes_at')}
              registration={form.register('refund_closes_at')}
            />
          </div>
        )}
        <CheckField
          id="event-wallet"
          label={t('field_wallet')}
          hint={t('wallet_hint')}
          registration={form.register('wallet_enabled')}
        />
        {wallet && (
          <CheckField
            id="event-topup"
            className="pl-8"
            label={t('field_topup')}
            error={errorOf('online_topup_enabled')}
            registration={form.register('online_topup_enabled')}
          />
        )}
        <CheckField
          id="event-transfers"
          label={t('field_transfers')}
          registration={form.register('transfer_allowed')}
        />
        {transfers && (
          <div className="grid gap-4 pl-8 sm:grid-cols-2">
            <InputField
              id="event-transfer-hours"
              inputMode="numeric"
              label={t('field_transfer_hours')}
              hint={t('transfer_hours_hint')}
              error={errorOf('transfer_until_hours')}
              registration={form.register('transfer_until_hours')}
            />
            <InputField
              id="event-transfer-max"
              inputMode="numeric"
              label={t('field_transfer_max')}
              hint={t('transfer_max_hint')}
              error={errorOf('transfer_max_count')}
              registration={form.register('transfer_max_count')}
            />
          </div>
        )}
      </div>
      <TextAreaField
        id="event-embed"
        className="sm:col-span-2"
        rows={3}
        label={t('field_embed_origins')}
        hint={t('embed_hint')}
        error={errorOf('embed_origins')}
        registration={form.register('embed_origins')}
        placeholder="https://www.festival.pt"
      />
    </FormSection>
  );
}
