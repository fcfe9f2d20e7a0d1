import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  mayAssignRole,
  PERMISSIONS,
  roleHas,
  ROLES,
  SECOND_FACTOR_ROLES,
  type Role,
} from '@bilheteira/shared/backoffice-roles';
import { invitationBody } from '@bilheteira/shared/schemas/backoffice';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import { Field, fieldAria } from '@bilheteira/ui/field';
import { apiFormError, fieldMessage } from '../../lib/forms';
import { notify } from '../../lib/notice';
import { FormError } from '../../components/form-error';
import { useInvite } from './team-api';

type Values = z.input<typeof invitationBody>;

/** Invites someone by email with a role preset; what the preset allows shows as it is chosen. */
export function InviteDialog({
  organizerId,
  actorRole,
  open,
  onClose,
}: {
  organizerId: number;
  actorRole: Role;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation(['team', 'common']);
  const invite = useInvite(organizerId);
  const [formError, setFormError] = useState<string | null>(null);
  const roles = ROLES.filter((r) => mayAssignRole(actorRole, r));
  const form = useForm<Values>({
    resolver: zodResolver(invitationBody),
    defaultValues: { email: '', role: 'event_manager' },
  });
  const { errors, isSubmitting } = form.formState;
  const role = useWatch({ control: form.control, name: 'role' }) as Role;
  const close = () => {
    form.reset();
    setFormError(null);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const res = await invite.mutateAsync(values as { email: string; role: Role });
      notify(res.message);
      close();
    } catch (err) {
      setFormError(apiFormError(t, err, form.setError, ['email', 'role']));
    }
  });
  const emailError = fieldMessage(t, errors.email?.message);
  const roleError = fieldMessage(t, errors.role?.message);
  return (
    <DialogFrame
      open={open}
      onClose={close}
      title={t('team:invite_title')}
      description={t('team:invite_text')}
      closeLabel={t('common:close')}
      testId="invite-dialog"
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <FormError message={formError} />
        <Field id="invite-email" label={t('team:email')} error={emailError}>
          <input
            id="invite-email"
            type="email"
            autoComplete="off"
            className="field-input"
            {...fieldAria('invite-email', emailError)}
            {...form.register('email')}
          />
        </Field>
        <Field id="invite-role" label={t('team:role')} error={roleError}>
          <select
            id="invite-role"
            className="field-input"
            {...fieldAria('invite-role', roleError)}
            {...form.register('role')}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {t(`common:roles.${r}`)}
              </option>
            ))}
          </select>
        </Field>
        <div
          className="rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200"
          data-testid="role-permissions"
        >
          <p className="font-semibold text-slate-800">
            {t('team:role_allows', { role: t(`common:roles.${role}`) })}
          </p>
          <ul className="mt-1 list-disc pl-5 text-slate-700">
            {PERMISSIONS.filter((p) => roleHas(role, p)).map((p) => (
              <li key={p}>{t(`common:permissions.${p.replace('.', '_')}`)}</li>
            ))}
          </ul>
          {SECOND_FACTOR_ROLES.includes(role) && (
            <p className="mt-2 text-slate-800">{t('team:role_needs_totp')}</p>
          )}
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={close}>
            {t('common:cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            {isSubmitting ? t('common:working') : t('team:send_invitation')}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
