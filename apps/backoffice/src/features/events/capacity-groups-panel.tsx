import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@bilheteira/ui/confirm-dialog';
import { FormError } from '../../components/form-error';
import { Loading } from '../../components/loading';
import { notify } from '../../lib/notice';
import { serverError } from './form-kit';
import {
  useCapacityGroups,
  useDeleteCapacityGroup,
  type AdminEventView,
  type CapacityGroupView,
} from './events-api';
import { CapacityGroupDialog } from './capacity-group-dialog';

/**
 * Shared capacities (pretix quotas) of the event: places several ticket types share ("Zona VIP:
 * 500" for the VIP day ticket and the VIP pass), with how many are taken; add, edit, delete.
 */
export function CapacityGroupsPanel({ organizerId, event }: { organizerId: number; event: AdminEventView }) {
  const { t } = useTranslation(['events', 'common']);
  const groups = useCapacityGroups(organizerId, event.id);
  const remove = useDeleteCapacityGroup(organizerId, event.id);
  const [editing, setEditing] = useState<CapacityGroupView | 'new' | null>(null);
  const [removing, setRemoving] = useState<CapacityGroupView | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const names = (ids: number[]) =>
    event.ticket_types
      .filter((tt) => ids.includes(tt.id))
      .map((tt) => tt.name)
      .join(', ');
  return (
    <section aria-labelledby="groups-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="groups-title" className="text-lg font-bold">
            {t('events:groups_title')}
          </h2>
          <p className="text-sm text-slate-700">{t('events:groups_intro')}</p>
        </div>
        <button
          type="button"
          className="btn-primary"
          onClick={() => setEditing('new')}
          disabled={event.ticket_types.length === 0}
          data-testid="add-group"
        >
          {t('events:add_group')}
        </button>
      </div>
      {groups.isPending ? (
        <Loading />
      ) : groups.isError ? (
        <FormError message={serverError(t, groups.error)} />
      ) : groups.data.length === 0 ? (
        <p className="card text-slate-700">
          {event.ticket_types.length ? t('events:no_groups') : t('events:group_no_types')}
        </p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="capacity-groups">
          {groups.data.map((g) => {
            const used = g.sold + g.reserved;
            return (
              <li
                key={g.id}
                className="card flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:justify-between"
                data-testid="capacity-group"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 text-lg font-semibold">
                    {g.name}
                    {used >= g.capacity && (
                      <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
                        {t('events:group_full')}
                      </span>
                    )}
                  </p>
                  <p className="text-slate-800">
                    <span className="font-semibold tabular-nums">
                      {t('events:group_used', { used, capacity: g.capacity })}
                    </span>{' '}
                    · {t('events:group_used_detail', { sold: g.sold, reserved: g.reserved })}
                  </p>
                  <p className="text-sm text-slate-700">{names(g.ticket_type_ids)}</p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <button type="button" className="btn-small" onClick={() => setEditing(g)}>
                    {t('events:edit')}
                    <span className="sr-only"> {g.name}</span>
                  </button>
                  <button type="button" className="btn-small" onClick={() => setRemoving(g)}>
                    {t('events:delete')}
                    <span className="sr-only"> {g.name}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {editing && (
        <CapacityGroupDialog
          key={editing === 'new' ? 'new' : editing.id}
          organizerId={organizerId}
          event={event}
          group={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('events:delete_group_title', { name: removing?.name ?? '' })}
        text={t('events:delete_group_text')}
        confirmLabel={t('events:delete')}
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
          remove.mutate(removing.id, {
            onSuccess: (res) => {
              notify(res.data.message ?? t('events:deleted'));
              setRemoving(null);
            },
            onError: (err) => setRemoveError(serverError(t, err)),
          })
        }
      />
    </section>
  );
}
