import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { REFUND_REASON_MAX, refundRejectForm } from '@bilheteira/shared/schemas/backoffice-refunds';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import { Field, fieldAria } from '@bilheteira/ui/field';
import { FormError } from '../../components/form-error';
import { apiFormError, fieldMessage } from '../../lib/forms';

type Values = z.input<typeof refundRejectForm>;

/**
 * Rejection of the selected requests with the reason each customer reads in their email; the
 * money (amount and fee) goes back into their wallets. `onReject` runs the decision and
 * throws the API's error, shown in the dialog.
 */
export function RejectDialog({
  count,
  open,
  onClose,
  onReject,
}: {
  count: number;
  open: boolean;
  onClose(): void;
  onReject(reason: string): Promise<void>;
}) {
  const { t } = useTranslation(['refunds', 'common']);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(refundRejectForm), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const close = () => {
    form.reset();
    setFormError(null);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onReject(values.reason);
      close();
    } catch (err) {
      setFormError(apiFormError(t, err, form.setError, ['reason']));
    }
  });
  const reasonError = fieldMessage(t, errors.reason?.message);
  return (
    <DialogFrame
      open={open}
      onClose={close}
      title={t('refunds:reject_title', { count })}
      description={t('refunds:reject_text')}
      closeLabel={t('common:close')}
      testId="reject-dialog"
      returnFocus
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <FormError message={formError} />
        <Field
          id="reject-reason"
          label={t('refunds:reason')}
          hint={t('refunds:reason_hint', { max: REFUND_REASON_MAX })}
          error={reasonError}
        >
          <textarea
            id="reject-reason"
            rows={4}
            maxLength={REFUND_REASON_MAX}
            className="field-input"
            {...fieldAria('reject-reason', reasonError, true)}
            {...form.register('reason')}
          />
        </Field>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={close}>
            {t('common:cancel')}
          </button>
          <button type="submit" className="btn-danger" disabled={isSubmitting} data-testid="confirm-reject">
            {isSubmitting ? t('common:working') : t('refunds:reject_confirm', { count })}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
