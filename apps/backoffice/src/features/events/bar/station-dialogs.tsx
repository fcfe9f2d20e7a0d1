import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { createStationBody, updateStationBody } from '@bilheteira/shared/schemas/backoffice-bar';
import { STATION_ROLES } from '@bilheteira/shared/stations';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import type { z } from 'zod';
import { FormError } from '../../../components/form-error';
import { SecretOnceDialog } from '../../../components/secret-once-dialog';
import { notify } from '../../../lib/notice';
import { bodyResolver, fieldErrorOf, serverError } from '../form-kit';
import { InputField, SelectField } from '../fields';
import { useStationChange, type StationView, type StationWithKeyView } from './bar-api';

interface StationValues {
  name: string;
  role: StationView['role'];
}

/** Adds a station (then its key is shown), or renames one and changes its role. */
export function StationDialog({
  organizerId,
  eventId,
  station,
  onClose,
  onKey,
}: {
  organizerId: number;
  eventId: number;
  station: StationView | null;
  onClose(): void;
  onKey(station: StationWithKeyView): void;
}) {
  const { t } = useTranslation(['bar', 'common']);
  const change = useStationChange(organizerId, eventId);
  const [formError, setFormError] = useState<string | null>(null);
  const schema: z.ZodType<unknown> = station ? updateStationBody : createStationBody;
  const form = useForm<StationValues, unknown, unknown>({
    resolver: bodyResolver(schema, (v: StationValues) => v),
    defaultValues: { name: station?.name ?? '', role: station?.role ?? 'bar' },
  });
  const errorOf = fieldErrorOf(t, form.formState.errors);
  const submit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      if (station) {
        const res = await change.mutateAsync({ kind: 'update', id: station.id, body: body as StationValues });
        notify(res.message ?? t('bar:saved'));
        onClose();
      } else {
        const res = await change.mutateAsync({ kind: 'create', body: body as StationValues });
        onKey(res.data as StationWithKeyView);
      }
    } catch (err) {
      setFormError(serverError(t, err, form.setError));
    }
  });
  return (
    <DialogFrame
      open
      onClose={onClose}
      title={station ? t('bar:edit_station_title', { name: station.name }) : t('bar:add_station_title')}
      closeLabel={t('common:close')}
      testId="station-dialog"
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <FormError message={formError} />
        <InputField
          id="station-name"
          label={t('bar:station_name')}
          hint={t('bar:station_name_hint')}
          error={errorOf('name')}
          registration={form.register('name')}
        />
        <SelectField
          id="station-role"
          label={t('bar:station_role')}
          hint={t('bar:station_role_hint')}
          error={errorOf('role')}
          registration={form.register('role')}
        >
          {STATION_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`bar:role_${r}`)}
            </option>
          ))}
        </SelectField>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t('common:cancel')}
          </button>
          <button
            type="submit"
            className="btn-primary"
            disabled={change.isPending}
            data-testid="save-station"
          >
            {station ? t('bar:save') : t('bar:add_station')}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}

/** A station's key, shown once: to paste into the till (the API stores only its hash). */
export function StationKeyDialog({ station, onClose }: { station: StationWithKeyView; onClose(): void }) {
  const { t } = useTranslation('bar');
  return (
    <SecretOnceDialog
      title={t('key_title', { name: station.name })}
      description={t('key_once')}
      label={t('key_label')}
      value={station.key}
      doneLabel={t('key_kept')}
      onClose={onClose}
      testId="station-key-dialog"
    />
  );
}
