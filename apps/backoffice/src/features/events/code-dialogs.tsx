import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  accessCodeBody,
  accessCodePatch,
  promoCodeBody,
  promoCodePatch,
} from '@bilheteira/shared/schemas/pricing';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import type { z } from 'zod';
import { FormError } from '../../components/form-error';
import { notify } from '../../lib/notice';
import { bodyResolver, serverError, fieldErrorOf } from './form-kit';
import { useSaveCode, type AccessCodeView, type AdminEventView, type PromoCodeView } from './events-api';
import { InputField, SelectField } from './fields';
import { bpToPercent, centsToEuros, eurosToCents, optionalInt, percentToBp } from './money';
import { fromLocalInput, toLocalInput } from './zoned';

interface CodeValues {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  ticket_type_ids: string[];
  valid_from: string;
  valid_until: string;
  max_uses: string;
  per_customer_limit: string;
}

const fieldOf = (p: string) => (p.startsWith('ticket_type_ids') ? 'ticket_type_ids' : p);

function TypeChoices({
  event,
  form,
  legend,
  hint,
  onlyHidden,
}: {
  event: AdminEventView;
  form: ReturnType<typeof useForm<CodeValues, unknown, unknown>>;
  legend: string;
  hint: string;
  onlyHidden?: boolean;
}) {
  const { t } = useTranslation('events');
  const message = fieldErrorOf(t, form.formState.errors)('ticket_type_ids');
  const types = onlyHidden ? event.ticket_types.filter((tt) => tt.hidden) : event.ticket_types;
  return (
    <fieldset className="sm:col-span-2" aria-describedby="code-types-hint">
      <legend className="field-label">{legend}</legend>
      <p id="code-types-hint" className="mb-2 text-xs text-slate-700">
        {hint}
      </p>
      {types.length === 0 && <p className="text-sm text-slate-700">{t('no_hidden_types')}</p>}
      <div className="flex flex-wrap gap-2">
        {types.map((tt) => (
          <label key={tt.id} className="flex items-center gap-2 rounded-lg px-3 py-2 ring-1 ring-slate-300">
            <input
              type="checkbox"
              value={String(tt.id)}
              className="size-4 accent-amber-600"
              {...form.register('ticket_type_ids')}
            />
            <span>{tt.name}</span>
          </label>
        ))}
      </div>
      {message && <p className="field-error">{message}</p>}
    </fieldset>
  );
}

/** A promo code: a percentage or an amount off each ticket of the chosen types (all when none). */
export function PromoCodeDialog({
  organizerId,
  event,
  code,
  onClose,
}: {
  organizerId: number;
  event: AdminEventView;
  code: PromoCodeView | null;
  onClose(): void;
}) {
  const { t } = useTranslation(['events', 'common']);
  const save = useSaveCode(organizerId, event.id, 'promo-codes');
  const [formError, setFormError] = useState<string | null>(null);
  const tz = event.timezone;
  const schema: z.ZodType<unknown> = code ? promoCodePatch : promoCodeBody;
  const form = useForm<CodeValues, unknown, unknown>({
    resolver: bodyResolver(
      schema,
      (v: CodeValues) => ({
        ...(code ? {} : { code: v.code, kind: v.kind }),
        value: (v.kind === 'percent' ? percentToBp(v.value) : eurosToCents(v.value)) ?? null,
        ticket_type_ids: v.ticket_type_ids.map(Number),
        valid_from: fromLocalInput(v.valid_from, tz),
        valid_until: fromLocalInput(v.valid_until, tz),
        max_uses: optionalInt(v.max_uses),
        per_customer_limit: optionalInt(v.per_customer_limit),
      }),
      fieldOf,
    ),
    defaultValues: {
      code: code?.code ?? '',
      kind: code?.kind ?? 'percent',
      value: code ? (code.kind === 'percent' ? bpToPercent(code.value) : centsToEuros(code.value)) : '',
      ticket_type_ids: code?.ticket_type_ids.map(String) ?? [],
      valid_from: toLocalInput(code?.valid_from, tz),
      valid_until: toLocalInput(code?.valid_until, tz),
      max_uses: code?.max_uses ? String(code.max_uses) : '',
      per_customer_limit: code?.per_customer_limit ? String(code.per_customer_limit) : '',
    },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const errorOf = fieldErrorOf(t, form.formState.errors);
  const submit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      const res = await save.mutateAsync({ id: code?.id ?? null, body });
      notify(res.message ?? t('events:saved'));
      onClose();
    } catch (err) {
      setFormError(serverError(t, err, form.setError, fieldOf));
    }
  });
  return (
    <DialogFrame
      open
      onClose={onClose}
      title={code ? t('events:edit_promo_title', { code: code.code }) : t('events:add_promo_title')}
      closeLabel={t('common:close')}
      testId="promo-dialog"
      size="xl"
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormError message={formError} />
        </div>
        <InputField
          id="promo-code"
          label={t('events:code')}
          hint={t('events:code_hint')}
          readOnly={!!code}
          autoCapitalize="characters"
          error={errorOf('code')}
          registration={form.register('code')}
        />
        <SelectField
          id="promo-kind"
          label={t('events:promo_kind')}
          disabled={!!code}
          error={errorOf('kind')}
          registration={form.register('kind')}
        >
          <option value="percent">{t('events:kind_percent')}</option>
          <option value="amount">{t('events:kind_amount')}</option>
        </SelectField>
        <InputField
          id="promo-value"
          inputMode="decimal"
          label={kind === 'percent' ? t('events:value_percent') : t('events:value_amount')}
          error={errorOf('value')}
          registration={form.register('value')}
        />
        <InputField
          id="promo-max-uses"
          inputMode="numeric"
          label={t('events:max_uses')}
          placeholder={t('events:no_limit')}
          error={errorOf('max_uses')}
          registration={form.register('max_uses')}
        />
        <InputField
          id="promo-from"
          type="datetime-local"
          label={t('events:valid_from')}
          error={errorOf('valid_from')}
          registration={form.register('valid_from')}
        />
        <InputField
          id="promo-until"
          type="datetime-local"
          label={t('events:valid_until')}
          error={errorOf('valid_until')}
          registration={form.register('valid_until')}
        />
        <InputField
          id="promo-per-customer"
          inputMode="numeric"
          label={t('events:per_customer')}
          placeholder={t('events:no_limit')}
          error={errorOf('per_customer_limit')}
          registration={form.register('per_customer_limit')}
        />
        <TypeChoices
          event={event}
          form={form}
          legend={t('events:promo_types')}
          hint={t('events:promo_types_hint')}
        />
        <Buttons onClose={onClose} busy={form.formState.isSubmitting} testId="save-promo" />
      </form>
    </DialogFrame>
  );
}

function Buttons({ onClose, busy, testId }: { onClose(): void; busy: boolean; testId: string }) {
  const { t } = useTranslation(['events', 'common']);
  return (
    <div className="flex flex-wrap justify-end gap-3 sm:col-span-2">
      <button type="button" className="btn-secondary" onClick={onClose}>
        {t('common:cancel')}
      </button>
      <button type="submit" className="btn-primary" disabled={busy} data-testid={testId}>
        {busy ? t('common:working') : t('events:save_code')}
      </button>
    </div>
  );
}

/** An access code: unlocks hidden ticket types for whoever has it. */
export function AccessCodeDialog({
  organizerId,
  event,
  code,
  onClose,
}: {
  organizerId: number;
  event: AdminEventView;
  code: AccessCodeView | null;
  onClose(): void;
}) {
  const { t } = useTranslation(['events', 'common']);
  const save = useSaveCode(organizerId, event.id, 'access-codes');
  const [formError, setFormError] = useState<string | null>(null);
  const tz = event.timezone;
  const schema: z.ZodType<unknown> = code ? accessCodePatch : accessCodeBody;
  const form = useForm<CodeValues, unknown, unknown>({
    resolver: bodyResolver(
      schema,
      (v: CodeValues) => ({
        ...(code ? {} : { code: v.code }),
        ticket_type_ids: v.ticket_type_ids.map(Number),
        valid_until: fromLocalInput(v.valid_until, tz),
        max_uses: optionalInt(v.max_uses),
      }),
      fieldOf,
    ),
    defaultValues: {
      code: code?.code ?? '',
      kind: 'percent',
      value: '',
      ticket_type_ids:
        code?.ticket_type_ids.map(String) ??
        event.ticket_types.filter((tt) => tt.hidden).map((tt) => String(tt.id)),
      valid_from: '',
      valid_until: toLocalInput(code?.valid_until, tz),
      max_uses: code?.max_uses ? String(code.max_uses) : '',
      per_customer_limit: '',
    },
  });
  const errorOf = fieldErrorOf(t, form.formState.errors);
  const submit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      const res = await save.mutateAsync({ id: code?.id ?? null, body });
      notify(res.message ?? t('events:saved'));
      onClose();
    } catch (err) {
      setFormError(serverError(t, err, form.setError, fieldOf));
    }
  });
  return (
    <DialogFrame
      open
      onClose={onClose}
      title={code ? t('events:edit_access_title', { code: code.code }) : t('events:add_access_title')}
      closeLabel={t('common:close')}
      testId="access-dialog"
      size="xl"
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormError message={formError} />
        </div>
        <InputField
          id="access-code"
          label={t('events:code')}
          hint={t('events:code_hint')}
          readOnly={!!code}
          autoCapitalize="characters"
          error={errorOf('code')}
          registration={form.register('code')}
        />
        <InputField
          id="access-max-uses"
          inputMode="numeric"
          label={t('events:max_uses')}
          placeholder={t('events:no_limit')}
          error={errorOf('max_uses')}
          registration={form.register('max_uses')}
        />
        <InputField
          id="access-until"
          type="datetime-local"
          label={t('events:valid_until')}
          error={errorOf('valid_until')}
          registration={form.register('valid_until')}
        />
        <TypeChoices
          event={event}
          form={form}
          legend={t('events:access_types')}
          hint={t('events:access_types_hint')}
          onlyHidden
        />
        <Buttons onClose={onClose} busy={form.formState.isSubmitting} testId="save-access" />
      </form>
    </DialogFrame>
  );
}
