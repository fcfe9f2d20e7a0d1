import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { approveRequestBody, rejectRequestBody } from '@bilheteira/shared/schemas/backoffice';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import { Field, fieldAria } from '@bilheteira/ui/field';
import { apiFormError, fieldMessage } from '../../lib/forms';
import { notify } from '../../lib/notice';
import { FormError } from '../../components/form-error';
import { useApprove, useReject, type OrganizerRequest } from './requests-api';

function RequestSummary({ request }: { request: OrganizerRequest }) {
  const { t } = useTranslation('operator');
  return (
    <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
      <dt className="font-semibold">{t('company')}</dt>
      <dd>{request.name_company}</dd>
      <dt className="font-semibold">{t('contact')}</dt>
      <dd>
        {request.first_name} {request.last_name} · {request.email}
      </dd>
    </dl>
  );
}

type ApproveValues = z.input<typeof approveRequestBody>;

/** Approval: the organiser's NIF and IBAN (checked); the requester is invited as its owner. */
export function ApproveDialog({ request, onClose }: { request: OrganizerRequest | null; onClose(): void }) {
  const { t } = useTranslation(['operator', 'common']);
  const approve = useApprove();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ApproveValues>({
    resolver: zodResolver(approveRequestBody),
    defaultValues: { nif: '', iban: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const close = () => {
    form.reset();
    setFormError(null);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    if (!request) return;
    setFormError(null);
    try {
      const res = await approve.mutateAsync({ id: request.id, nif: values.nif, iban: values.iban });
      notify(res.message);
      close();
    } catch (err) {
      setFormError(apiFormError(t, err, form.setError, ['nif', 'iban']));
    }
  });
  const nifError = fieldMessage(t, errors.nif?.message);
  const ibanError = fieldMessage(t, errors.iban?.message);
  return (
    <DialogFrame
      open={request !== null}
      onClose={close}
      title={t('operator:approve_title')}
      description={t('operator:approve_text')}
      closeLabel={t('common:close')}
      testId="approve-dialog"
    >
      {request && <RequestSummary request={request} />}
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <FormError message={formError} />
        <Field id="approve-nif" label={t('operator:nif')} error={nifError}>
          <input
            id="approve-nif"
            inputMode="numeric"
            autoComplete="off"
            className="field-input"
            {...fieldAria('approve-nif', nifError)}
            {...form.register('nif')}
          />
        </Field>
        <Field id="approve-iban" label={t('operator:iban')} hint={t('operator:iban_hint')} error={ibanError}>
          <input
            id="approve-iban"
            autoComplete="off"
            autoCapitalize="characters"
            className="field-input font-mono"
            {...fieldAria('approve-iban', ibanError, true)}
            {...form.register('iban')}
          />
        </Field>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={close}>
            {t('common:cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            {isSubmitting ? t('common:working') : t('operator:approve')}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}

type RejectValues = z.input<typeof rejectRequestBody>;

/** Rejection with a reason, emailed to the requester. */
export function RejectDialog({ request, onClose }: { request: OrganizerRequest | null; onClose(): void }) {
  const { t } = useTranslation(['operator', 'common']);
  const reject = useReject();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RejectValues>({
    resolver: zodResolver(rejectRequestBody),
    defaultValues: { reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const close = () => {
    form.reset();
    setFormError(null);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    if (!request) return;
    setFormError(null);
    try {
      notify((await reject.mutateAsync({ id: request.id, reason: values.reason })).message);
      close();
    } catch (err) {
      setFormError(apiFormError(t, err, form.setError, ['reason']));
    }
  });
  const reasonError = fieldMessage(t, errors.reason?.message);
  return (
    <DialogFrame
      open={request !== null}
      onClose={close}
      title={t('operator:reject_title')}
      description={t('operator:reject_text')}
      closeLabel={t('common:close')}
      testId="reject-dialog"
    >
      {request && <RequestSummary request={request} />}
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <FormError message={formError} />
        <Field id="reject-reason" label={t('operator:reason')} error={reasonError}>
          <textarea
            id="reject-reason"
            rows={4}
            className="field-input"
            {...fieldAria('reject-reason', reasonError)}
            {...form.register('reason')}
          />
        </Field>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={close}>
            {t('common:cancel')}
          </button>
          <button type="submit" className="btn-danger" disabled={isSubmitting}>
            {isSubmitting ? t('common:working') : t('operator:reject')}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
