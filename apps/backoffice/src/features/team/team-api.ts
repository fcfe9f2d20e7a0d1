import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Role } from '@bilheteira/shared/backoffice-roles';
import type { teamInvitationView, teamMemberView } from '@bilheteira/shared/schemas/backoffice';
import { api } from '../../lib/api';

export type Member = z.infer<typeof teamMemberView>;
export type Invitation = z.infer<typeof teamInvitationView>;

const teamKey = (organizerId: number) => ['team', organizerId] as const;

export function useTeam(organizerId: number) {
  return useQuery({
    queryKey: teamKey(organizerId),
    queryFn: () => api<{ members: Member[]; invitations: Invitation[] }>(`/organizers/${organizerId}/team`),
    enabled: organizerId > 0,
  });
}

/** Team changes answer `{ message }` (localised) and refresh the team. */
function useTeamChange<V>(organizerId: number, call: (v: V) => Promise<{ message: string }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => qc.invalidateQueries({ queryKey: teamKey(organizerId) }),
  });
}

export const useInvite = (organizerId: number) =>
  useTeamChange(organizerId, (v: { email: string; role: Role }) =>
    api<{ message: string }>(`/organizers/${organizerId}/invitations`, { method: 'POST', json: v }),
  );

export const useChangeRole = (organizerId: number) =>
  useTeamChange(organizerId, (v: { userId: number; role: Role }) =>
    api<{ message: string }>(`/organizers/${organizerId}/members/${v.userId}`, {
      method: 'PATCH',
      json: { role: v.role },
    }),
  );

export const useRemoveMember = (organizerId: number) =>
  useTeamChange(organizerId, (userId: number) =>
    api<{ message: string }>(`/organizers/${organizerId}/members/${userId}`, { method: 'DELETE' }),
  );

export const useWithdrawInvitation = (organizerId: number) =>
  useTeamChange(organizerId, (invitationId: number) =>
    api<{ message: string }>(`/organizers/${organizerId}/invitations/${invitationId}`, { method: 'DELETE' }),
  );
