import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '@bilheteira/shared/schemas/contact';
import { api } from '../../../lib/api-client';

/** POST /api/contact — the need-help form; the caller shows field and general errors. */
export function useSendContact() {
  return useMutation({
    mutationFn: (input: ContactInput) =>
      api<{ data: { message: string }; message: string }>('/contact', {
        method: 'POST',
        skipErrorHandler: true,
        form: {
          name: input.name,
          company: input.company ?? '',
          email: input.email,
          message: input.message,
          consent: input.consent === true || input.consent === 'true' ? 'true' : 'false',
          altcha: input.altcha,
        },
      }),
  });
}
