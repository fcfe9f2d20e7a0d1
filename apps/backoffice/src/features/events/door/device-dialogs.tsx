import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import { FormError } from '../../../components/form-error';
import { SecretOnceDialog } from '../../../components/secret-once-dialog';
import { serverError } from '../form-kit';
import { useDeviceChange, type DoorDeviceWithKeyView } from './door-api';

export function AddDeviceDialog({
  organizerId,
  eventId,
  onClose,
  onKey,
}: {
  organizerId: number;
  eventId: number;
  onClose(): void;
  onKey(d: DoorDeviceWithKeyView): void;
}) {
  const { t } = useTranslation(['door', 'common']);
  const change = useDeviceChange(organizerId, eventId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    try {
      const res = await change.mutateAsync({ kind: 'create', name });
      onKey(res.data as DoorDeviceWithKeyView);
    } catch (err) {
      setError(serverError(t, err));
    }
  };
  return (
    <DialogFrame
      open
      onClose={onClose}
      title={t('door:add_device_title')}
      closeLabel={t('common:close')}
      testId="device-dialog"
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div>
          <label htmlFor="device-name" className="field-label">
            {t('door:device_name')}
          </label>
          <p id="device-name-hint" className="mb-1 text-xs text-slate-700">
            {t('door:device_name_hint')}
          </p>
          <input
            id="device-name"
            className="field-input"
            value={name}
            aria-describedby={error ? 'device-name-hint device-error' : 'device-name-hint'}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setName(e.currentTarget.value)}
          />
        </div>
        <div id="device-error">
          <FormError message={error} />
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t('common:cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={change.isPending} data-testid="save-device">
            {t('door:add_device')}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}

/** The enrolment QR code (the door app reads the API address and the key from it), shown once. */
export function EnrolmentDialog({ device, onClose }: { device: DoorDeviceWithKeyView; onClose(): void }) {
  const { t } = useTranslation('door');
  return (
    <SecretOnceDialog
      title={t('enrolment_title', { name: device.name })}
      description={t('enrolment_once')}
      label={t('key_label')}
      value={device.key}
      doneLabel={t('enrolled')}
      onClose={onClose}
      testId="enrolment-dialog"
    >
      <QRCodeSVG
        value={device.enrolment}
        size={208}
        marginSize={2}
        title={t('enrolment_qr')}
        className="self-center"
      />
    </SecretOnceDialog>
  );
}
