import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatEur } from '@bilheteira/shared/money';
import { priceStepsBody } from '@bilheteira/shared/schemas/pricing';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import type { z } from 'zod';
import { FormError } from '../../components/form-error';
import { Loading } from '../../components/loading';
import { notify } from '../../lib/notice';
import { bodyResolver, serverError, fieldErrorOf } from './form-kit';
import { usePriceSteps, useSetPriceSteps, type AdminTicketTypeView, type PriceStep } from './events-api';
import { InputField } from './fields';
import { centsToEuros, eurosToCents, optionalInt } from './money';
import { fromLocalInput, toLocalInput } from './zoned';

interface StepValues {
  label: string;
  price: string;
  ends_at: string;
  ends_after_sold: string;
}
interface StepsForm {
  steps: StepValues[];
}

/**
 * A ticket type's announced prices (early bird → regular → door): each step ends at a date,
 * after a number of tickets, or both; after the last one the type's own price applies.
 */
export function PriceStepsDialog({
  organizerId,
  eventId,
  timeZone,
  type,
  onClose,
}: {
  organizerId: number;
  eventId: number;
  timeZone: string;
  type: AdminTicketTypeView;
  onClose(): void;
}) {
  const { t } = useTranslation(['events', 'common']);
  const steps = usePriceSteps(organizerId, eventId, type.id);
  return (
    <DialogFrame
      open
      onClose={onClose}
      title={t('events:steps_title', { name: type.name })}
      description={t('events:steps_intro', { price: formatEur(type.price_cents) })}
      closeLabel={t('common:close')}
      testId="price-steps-dialog"
      size="xl"
    >
      {steps.isPending ? (
        <Loading />
      ) : steps.isError ? (
        <FormError message={serverError(t, steps.error)} />
      ) : (
        <StepsEditor
          organizerId={organizerId}
          eventId={eventId}
          timeZone={timeZone}
          type={type}
          initial={steps.data}
          onClose={onClose}
        />
      )}
    </DialogFrame>
  );
}

function StepsEditor({
  organizerId,
  eventId,
  timeZone,
  type,
  initial,
  onClose,
}: {
  organizerId: number;
  eventId: number;
  timeZone: string;
  type: AdminTicketTypeView;
  initial: PriceStep[];
  onClose(): void;
}) {
  const { t } = useTranslation(['events', 'common']);
  const save = useSetPriceSteps(organizerId, eventId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<StepsForm, unknown, z.output<typeof priceStepsBody>>({
    resolver: bodyResolver(
      priceStepsBody,
      (v: StepsForm) => ({
        steps: v.steps.map((s) => ({
          label: s.label,
          price_cents: eurosToCents(s.price),
          ends_at: fromLocalInput(s.ends_at, timeZone),
          ends_after_sold: optionalInt(s.ends_after_sold),
        })),
      }),
      (p) => p.replace(/\.price_cents$/, '.price'),
    ),
    defaultValues: {
      steps: initial.map((s) => ({
        label: s.label,
        price: centsToEuros(s.price_cents),
        ends_at: toLocalInput(s.ends_at, timeZone),
        ends_after_sold: s.ends_after_sold === null ? '' : String(s.ends_after_sold),
      })),
    },
  });
  const rows = useFieldArray({ control: form.control, name: 'steps' });
  const errorOf = fieldErrorOf(t, form.formState.errors);
  const submit = form.handleSubmit(
    async (body) => {
      setFormError(null);
      try {
        const res = await save.mutateAsync({ typeId: type.id, body });
        notify(res.message ?? t('events:saved'));
        onClose();
      } catch (err) {
        setFormError(serverError(t, err, form.setError, (p) => p.replace(/\.price_cents$/, '.price')));
      }
    },
    () => setFormError(t('events:fix_errors')),
  );
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <FormError message={formError} />
      {rows.fields.length === 0 && <p className="text-slate-700">{t('events:no_steps')}</p>}
      <ol className="flex flex-col gap-3">
        {rows.fields.map((row, i) => (
          <li
            key={row.id}
            className="grid gap-3 rounded-lg p-3 ring-1 ring-slate-200 sm:grid-cols-2"
            data-testid="price-step"
          >
            <InputField
              id={`step-${i}-label`}
              label={t('events:step_label')}
              placeholder={t('events:step_label_placeholder')}
              error={errorOf(`steps.${i}.label`)}
              registration={form.register(`steps.${i}.label`)}
            />
            <InputField
              id={`step-${i}-price`}
              inputMode="decimal"
              label={t('events:step_price')}
              error={errorOf(`steps.${i}.price`)}
              registration={form.register(`steps.${i}.price`)}
            />
            <InputField
              id={`step-${i}-ends-at`}
              type="datetime-local"
              label={t('events:step_ends_at')}
              error={errorOf(`steps.${i}.ends_at`)}
              registration={form.register(`steps.${i}.ends_at`)}
            />
            <InputField
              id={`step-${i}-ends-after`}
              inputMode="numeric"
              label={t('events:step_ends_after')}
              error={errorOf(`steps.${i}.ends_after_sold`)}
              registration={form.register(`steps.${i}.ends_after_sold`)}
            />
            <div className="sm:col-span-2">
              <button type="button" className="btn-small" onClick={() => rows.remove(i)}>
                {t('events:remove_step')}
                <span className="sr-only"> {i + 1}</span>
              </button>
            </div>
          </li>
        ))}
      </ol>
      <p className="text-sm text-slate-700">
        {t('events:steps_after', { price: formatEur(type.price_cents) })}
      </p>
      <div className="flex flex-wrap justify-between gap-3">
        <button
          type="button"
          className="btn-secondary"
          onClick={() => rows.append({ label: '', price: '', ends_at: '', ends_after_sold: '' })}
          disabled={rows.fields.length >= 10}
          data-testid="add-step"
        >
          {t('events:add_step')}
        </button>
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t('common:cancel')}
          </button>
          <button
            type="submit"
            className="btn-primary"
            disabled={form.formState.isSubmitting}
            data-testid="save-steps"
          >
            {form.formState.isSubmitting ? t('common:working') : t('events:save_steps')}
          </button>
        </div>
      </div>
    </form>
  );
}
