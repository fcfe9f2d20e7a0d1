import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRIES, PINNED_COUNTRIES } from '@bilheteira/shared/phone';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import { Field, fieldAria } from '@bilheteira/ui/field';
import { FormError } from '../../components/form-error';
import { ApiError } from '../../lib/api';
import { apiFormError, fieldMessage } from '../../lib/forms';
import { notify } from '../../lib/notice';
import { useReassignTicket, type AdminOrderView } from './orders-api';

type Ticket = AdminOrderView['tickets'][number];

/** Countries for the dial code: the product's markets first, then the rest by name. */
function countryChoices(locale: string) {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const named = COUNTRIES.map((c) => ({ ...c, name: names.of(c.iso2) ?? c.iso2 }));
  const pinned = PINNED_COUNTRIES.flatMap((iso) => named.filter((c) => c.iso2 === iso));
  const rest = named
    .filter((c) => !PINNED_COUNTRIES.includes(c.iso2))
    .sort((a, b) => a.name.localeCompare(b.name));
  return [...pinned, ...rest];
}

/** "Reatribuir": gives the ticket to another mobile with the team's reason. */
export function ReassignAction({
  organizerId,
  order,
  ticket,
}: {
  organizerId: number;
  order: AdminOrderView;
  ticket: Ticket;
}) {
  const { t, i18n } = useTranslation(['orders', 'common']);
  const [open, setOpen] = useState(false);
  const [iso, setIso] = useState('PT');
  const [mobile, setMobile] = useState('');
  const [reason, setReason] = useState('');
  const reassign = useReassignTicket(organizerId, order.id);
  const errors = reassign.error instanceof ApiError ? reassign.error.fieldErrors : {};
  const mobileError = fieldMessage(t, errors.mobile?.[0]);
  const reasonError = fieldMessage(t, errors.reason?.[0]);
  const close = () => {
    reassign.reset();
    setMobile('');
    setReason('');
    setOpen(false);
  };
  const country = COUNTRIES.find((c) => c.iso2 === iso)!;
  return (
    <>
      <button
        type="button"
        className="btn-secondary"
        onClick={() => setOpen(true)}
        data-testid="reassign-open"
        aria-label={t('orders:reassign_label', { id: ticket.id })}
      >
        {t('orders:reassign')}
      </button>
      <DialogFrame
        open={open}
        onClose={close}
        title={t('orders:reassign_title', { id: ticket.id })}
        description={t('orders:reassign_text')}
        closeLabel={t('common:close')}
        testId="reassign-dialog"
        locked={reassign.isPending}
      >
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            reassign.mutate(
              { ticketId: ticket.id, body: { mobile_country_code: country.dialCode, mobile, reason } },
              {
                onSuccess: (res) => {
                  notify(res.message ?? '');
                  close();
                },
              },
            );
          }}
        >
          <FormError message={reassign.isError ? apiFormError(t, reassign.error) : null} />
          <div className="flex flex-wrap gap-2">
            <Field id="reassign-country" label={t('orders:reassign_country')}>
              <select
                id="reassign-country"
                className="field-input w-44"
                value={iso}
                onChange={(e) => setIso(e.target.value)}
              >
                {countryChoices(i18n.language).map((c) => (
                  <option key={c.iso2} value={c.iso2}>
                    {c.name} (+{c.dialCode})
                  </option>
                ))}
              </select>
            </Field>
            <Field id="reassign-mobile" label={t('orders:reassign_mobile')} error={mobileError}>
              <input
                id="reassign-mobile"
                type="tel"
                inputMode="tel"
                autoComplete="off"
                className="field-input w-44"
                value={mobile}
                onChange={(e) => setMobile(e.target.value)}
                {...fieldAria('reassign-mobile', mobileError)}
              />
            </Field>
          </div>
          <Field id="reassign-reason" label={t('orders:reassign_reason')} error={reasonError}>
            <textarea
              id="reassign-reason"
              className="field-input"
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              {...fieldAria('reassign-reason', reasonError)}
            />
          </Field>
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" className="btn-secondary" onClick={close}>
              {t('common:cancel')}
            </button>
            <button type="submit" className="btn-primary" disabled={reassign.isPending}>
              {reassign.isPending ? t('common:working') : t('orders:reassign_confirm')}
            </button>
          </div>
        </form>
      </DialogFrame>
    </>
  );
}
