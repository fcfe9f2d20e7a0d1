import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { capacityGroupBody, type CapacityGroupBody } from '@bilheteira/shared/schemas/pricing';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import { FormError } from '../../components/form-error';
import { notify } from '../../lib/notice';
import { bodyResolver, fieldErrorOf, serverError } from './form-kit';
import { useSaveCapacityGroup, type AdminEventView, type CapacityGroupView } from './events-api';
import { InputField } from './fields';

interface GroupValues {
  name: string;
  capacity: string;
  ticket_type_ids: string[];
}

const fieldOf = (p: string) => (p.startsWith('ticket_type_ids') ? 'ticket_type_ids' : p);

/** Adds or edits a shared capacity: its name, its places and the ticket types that share it. */
export function CapacityGroupDialog({
  organizerId,
  event,
  group,
  onClose,
}: {
  organizerId: number;
  event: AdminEventView;
  group: CapacityGroupView | null;
  onClose(): void;
}) {
  const { t } = useTranslation(['events', 'common']);
  const save = useSaveCapacityGroup(organizerId, event.id);
  const [formError, setFormError] = useState<string | null>(null);
  // an edit sends every field too (the PATCH accepts them all), so both check the whole body
  const form = useForm<GroupValues, unknown, CapacityGroupBody>({
    resolver: bodyResolver(
      capacityGroupBody,
      (v: GroupValues) => ({
        name: v.name,
        capacity: v.capacity.trim(),
        ticket_type_ids: v.ticket_type_ids.map(Number),
      }),
      fieldOf,
    ),
    defaultValues: {
      name: group?.name ?? '',
      capacity: group ? String(group.capacity) : '',
      ticket_type_ids: group?.ticket_type_ids.map(String) ?? [],
    },
  });
  const errorOf = fieldErrorOf(t, form.formState.errors);
  const submit = form.handleSubmit(
    async (body) => {
      setFormError(null);
      try {
        const res = await save.mutateAsync({ id: group?.id ?? null, body });
        notify(res.message ?? t('events:saved'));
        onClose();
      } catch (err) {
        setFormError(serverError(t, err, form.setError, fieldOf));
      }
    },
    () => setFormError(t('events:fix_errors')),
  );
  const held = group ? group.sold + group.reserved : 0;
  const typesError = errorOf('ticket_type_ids');
  return (
    <DialogFrame
      open
      onClose={onClose}
      title={group ? t('events:edit_group_title', { name: group.name }) : t('events:add_group_title')}
      closeLabel={t('common:close')}
      testId="group-dialog"
      size="xl"
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormError message={formError} />
        </div>
        <InputField
          id="group-name"
          label={t('events:group_name')}
          hint={t('events:group_name_hint')}
          error={errorOf('name')}
          registration={form.register('name')}
        />
        <InputField
          id="group-capacity"
          inputMode="numeric"
          label={t('events:group_capacity')}
          hint={held ? t('events:group_capacity_hint', { count: held }) : undefined}
          error={errorOf('capacity')}
          registration={form.register('capacity')}
        />
        <fieldset
          className="sm:col-span-2"
          aria-describedby={typesError ? 'group-types-error' : 'group-types-hint'}
        >
          <legend className="field-label">{t('events:group_types')}</legend>
          <p id="group-types-hint" className="mb-2 text-xs text-slate-700">
            {t('events:group_types_hint')}
          </p>
          <div className="flex flex-wrap gap-2">
            {event.ticket_types.map((tt) => (
              <label
                key={tt.id}
                className="flex items-center gap-2 rounded-lg px-3 py-2 ring-1 ring-slate-300"
              >
                <input
                  type="checkbox"
                  value={String(tt.id)}
                  className="size-4 accent-amber-600"
                  aria-invalid={typesError ? true : undefined}
                  {...form.register('ticket_type_ids')}
                />
                <span>{tt.name}</span>
              </label>
            ))}
          </div>
          {typesError && (
            <p id="group-types-error" className="field-error">
              {typesError}
            </p>
          )}
        </fieldset>
        <div className="flex flex-wrap justify-end gap-3 sm:col-span-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t('common:cancel')}
          </button>
          <button
            type="submit"
            className="btn-primary"
            disabled={form.formState.isSubmitting}
            data-testid="save-group"
          >
            {form.formState.isSubmitting ? t('common:working') : t('events:save_group')}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
