import {
  createColumnHelper,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayAssignRole, ROLES, type Role } from '@bilheteira/shared/backoffice-roles';
import { ConfirmDialog } from '@bilheteira/ui/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { apiFormError } from '../../lib/forms';
import { notify } from '../../lib/notice';
import { useChangeRole, useRemoveMember, type Member } from './team-api';

const col = createColumnHelper<Member>();

/** The team's members: role (changeable where the actor may assign it), second factor, removal. */
export function MembersTable({
  organizerId,
  members,
  actorRole,
  selfId,
}: {
  organizerId: number;
  members: Member[];
  actorRole: Role;
  selfId: number;
}) {
  const { t } = useTranslation(['team', 'common']);
  const changeRole = useChangeRole(organizerId);
  const remove = useRemoveMember(organizerId);
  const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }]);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const columns = useMemo(
    () => [
      col.accessor('name', {
        header: () => t('team:member'),
        meta: { label: t('team:member') },
        cell: (c) => (
          <div>
            <p className="font-semibold">
              {c.getValue()}{' '}
              {c.row.original.user_id === selfId && (
                <span className="font-normal text-slate-700">({t('team:you')})</span>
              )}
            </p>
            <p className="text-slate-700">{c.row.original.email}</p>
          </div>
        ),
      }),
      col.accessor('role', {
        header: () => t('team:role'),
        meta: { label: t('team:role') },
        sortingFn: (a, b) => ROLES.indexOf(a.original.role) - ROLES.indexOf(b.original.role),
        cell: (c) => {
          const m = c.row.original;
          if (!mayAssignRole(actorRole, m.role)) return t(`common:roles.${m.role}`);
          return (
            <select
              aria-label={t('team:role_of', { name: m.name })}
              className="rounded-md border border-slate-400 bg-white px-2 py-1"
              value={m.role}
              disabled={changeRole.isPending}
              data-testid={`role-${m.email}`}
              onChange={(e) =>
                changeRole.mutate(
                  { userId: m.user_id, role: e.target.value as Role },
                  {
                    onSuccess: (r) => notify(r.message),
                    onError: (err) => notify(apiFormError(t, err), 'error'),
                  },
                )
              }
            >
              {ROLES.filter((r) => r === m.role || mayAssignRole(actorRole, r)).map((r) => (
                <option key={r} value={r}>
                  {t(`common:roles.${r}`)}
                </option>
              ))}
            </select>
          );
        },
      }),
      col.accessor('second_factor', {
        header: () => t('team:second_factor'),
        meta: { label: t('team:second_factor') },
        cell: (c) => (c.getValue() ? t('common:yes') : t('common:no')),
      }),
      col.display({
        id: 'actions',
        header: () => <span className="sr-only">{t('common:actions')}</span>,
        cell: (c) =>
          mayAssignRole(actorRole, c.row.original.role) && (
            <button
              type="button"
              className="btn-small"
              onClick={() => setRemoving(c.row.original)}
              data-testid={`remove-${c.row.original.email}`}
            >
              {t('team:remove')}
              <span className="sr-only"> {c.row.original.name}</span>
            </button>
          ),
      }),
    ],
    [t, actorRole, selfId, changeRole],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table keeps its own state; nothing here is memoised by the compiler
  const table = useReactTable({
    data: members,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  return (
    <>
      <DataTable
        table={table}
        label={t('team:members')}
        empty={t('team:no_members')}
        testId="members-table"
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('team:remove_title')}
        text={t('team:remove_text', { name: removing?.name ?? '', email: removing?.email ?? '' })}
        confirmLabel={t('team:remove')}
        cancelLabel={t('common:cancel')}
        danger
        busy={remove.isPending}
        error={removeError}
        onCancel={() => {
          setRemoving(null);
          setRemoveError(null);
        }}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.user_id, {
            onSuccess: (r) => {
              notify(r.message);
              setRemoving(null);
              setRemoveError(null);
            },
            onError: (err) => setRemoveError(apiFormError(t, err)),
          })
        }
      />
    </>
  );
}
