import { useMutation } from '@tanstack/react-query';
import type { OrganizerRequestBody } from '@bilheteira/shared/schemas/organizer-requests';
import { api } from '../../../lib/api-client';

export interface CreateOrganizerRequestAnswer {
  data: { message: string };
  message?: string;
}

/**
 * POST /api/organizers/create-account as a form (spec §7). The client sends Visitor-Id,
 * X-locale and Event-Id; errors come back to the form (the path is silent in the client).
 */
export function createOrganizerRequest(body: OrganizerRequestBody): Promise<CreateOrganizerRequestAnswer> {
  return api<CreateOrganizerRequestAnswer>('/organizers/create-account', {
    method: 'POST',
    form: { ...body, accepted_terms: body.accepted_terms ? 'true' : 'false' },
  });
}

export const useCreateOrganizerRequest = () => useMutation({ mutationFn: createOrganizerRequest });
