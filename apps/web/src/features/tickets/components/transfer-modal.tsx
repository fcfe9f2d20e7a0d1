import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerTicketView } from '@bilheteira/shared/schemas/tickets';
import { formatNationalPhone } from '@bilheteira/shared/phone';
import { PhoneInput } from '../../../components/phone-input';
import { initialPhoneValue, isPhoneValueValid, type PhoneValue } from '../../../lib/phone-value';
import { ApiError } from '../../../lib/api-client';
import { showAlert } from '../../../stores/alert-store';
import { useTransferTicket } from '../api/tickets';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import { SITE_DIALOG } from '../../../components/dialog-options';

/**
 * Transfer modal (spec §4, §8): a new mobile number with the shared phone input (submit
 * disabled until valid), a confirmation question, then the form POST; on success the
 * tickets reload, the modal closes and a success message shows; on failure the spec's
 * error dialog, or the API's specific reason alone when the request was refused (4xx).
 */
export function TransferModal({ ticket, onClose }: { ticket: CustomerTicketView | null; onClose(): void }) {
  const { t } = useTranslation('tickets');
  const transfer = useTransferTicket();
  const [phone, setPhone] = useState<PhoneValue>(() => initialPhoneValue());
  const [valid, setValid] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();

  useEffect(() => {
    if (ticket) {
      setPhone(initialPhoneValue());
      setValid(false);
      setFieldError(undefined);
    }
  }, [ticket]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ticket || !isPhoneValueValid(phone) || transfer.isPending) return;
    const shown = `+${phone.dialCode} ${formatNationalPhone(phone.countryIso2, phone.national)}`;
    const confirmed = await showAlert({
      type: 'warning',
      title: t('transfer_confirm_title'),
      text: t('transfer_confirm_text', { ticket: ticket.ticket.name, mobile: shown }),
      confirmText: t('transfer_confirm_yes'),
      cancelText: t('transfer_confirm_no'),
    });
    if (!confirmed) return;
    try {
      const res = await transfer.mutateAsync({
        ticketId: ticket.id,
        dialCode: phone.dialCode,
        national: phone.national,
      });
      onClose();
      await showAlert({ type: 'success', title: t('transfer_success_title'), text: res.data.message });
    } catch (err) {
      // A refusal the customer can act on (own number, ticket already used…) is said alone:
      // "try again later" would only mislead; the generic text is for failures of ours.
      const reason = err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : '';
      if (err instanceof ApiError) setFieldError(err.fieldErrors.mobile?.join(' '));
      await showAlert({
        type: 'error',
        title: t('transfer_error_title'),
        text: reason || t('transfer_error_text'),
      });
    }
  };

  return (
    <DialogFrame
      {...SITE_DIALOG}
      closeLabel={t('common:close')}
      open={ticket !== null}
      onClose={onClose}
      title={t('transfer_title')}
      description={ticket ? t('transfer_description', { ticket: ticket.ticket.name }) : undefined}
      testId="transfer-modal"
    >
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4"
      >
        <PhoneInput
          label={t('transfer_mobile')}
          value={phone}
          onChange={(v) => {
            setPhone(v);
            setFieldError(undefined);
          }}
          onValidChange={setValid}
          error={fieldError}
          required
          autoFocus
        />
        <p className="text-sm text-slate-700">{t('transfer_notice')}</p>
        <button
          type="submit"
          className="btn-primary"
          disabled={!valid || transfer.isPending}
          data-testid="transfer-submit"
        >
          {transfer.isPending ? t('transfer_sending') : t('transfer_submit')}
        </button>
      </form>
    </DialogFrame>
  );
}
