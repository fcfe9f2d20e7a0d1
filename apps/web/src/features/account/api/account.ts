import { queryOptions, useMutation } from '@tanstack/react-query';
import type {
  CustomerTogglesBody,
  CustomerUpdateBody,
  ForgetPreview,
  PortabilityFormat,
  PortableResponse,
} from '@bilheteira/shared/schemas/account';
import type { CustomerView } from '@bilheteira/shared/schemas/customers';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { useSession } from '../../../stores/session-store';

/** Keeps the signed-in customer (session store and its query) in step with an answer. */
function storeCustomer(customer: CustomerView) {
  const { token, setCustomer } = useSession.getState();
  setCustomer(customer);
  // same key as the customer query of the route guard: ['customer', token]
  queryClient.setQueryData(['customer', token], customer);
}

/** POST /api/customers/update (multipart): errors are shown by the form, fields marked. */
export function useUpdateAccount() {
  return useMutation({
    mutationFn: (body: CustomerUpdateBody) =>
      api<{ data: CustomerView; message: string }>('/customers/update', {
        multipart: body as Record<string, string>,
        skipErrorHandler: true,
      }),
    onSuccess: (res) => storeCustomer(res.data),
  });
}

/** POST /api/customers/customer (multipart): the quiet toggles, no loading indicator. */
export async function saveToggle(body: CustomerTogglesBody): Promise<CustomerView> {
  const res = await api<{ data: CustomerView }>('/customers/customer', {
    multipart: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v ? '1' : '0'])),
    skipErrorHandler: true,
  });
  storeCustomer(res.data);
  return res.data;
}

/** POST /api/customers/mobile-code: an SMS code to the new number. */
export function useRequestMobileCode() {
  return useMutation({
    mutationFn: (body: { mobile_country_code: string; mobile: string }) =>
      api<{ data: { message: string } }>('/customers/mobile-code', { json: body, skipErrorHandler: true }),
  });
}

/** POST /api/customers/portable (multipart): the export, saved by the browser as a file. */
export async function requestPortability(format: PortabilityFormat): Promise<PortableResponse> {
  return api<PortableResponse>('/customers/portable', { multipart: { format }, skipErrorHandler: true });
}

export const forgetPreviewQuery = () =>
  queryOptions({
    queryKey: ['forget-data', 'preview'],
    staleTime: 0,
    queryFn: async ({ signal }) =>
      (await api<{ data: ForgetPreview }>('/customers/forget-data', { signal })).data,
  });

export const requestForget = () =>
  api<{ data: { message: string } }>('/customers/forget-data', {
    method: 'POST',
    json: {},
    skipErrorHandler: true,
  });

export const confirmForget = (token: string) =>
  api<{ data: { message: string; cancelled_tickets: number } }>('/customers/forget-data/confirm', {
    json: { token },
    skipErrorHandler: true,
  });

export const unsubscribe = (token: string) =>
  api<{ data: { message: string; email_hint: string | null } }>('/marketing/unsubscribe', {
    json: { token },
    skipErrorHandler: true,
  });

/** Triggers a browser download of a text file. */
export function saveFile(content: string, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** POST /api/customers/change-password: current and new password; other sessions end. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { old_password: string; password: string; password_confirmation: string }) =>
      api<{ data: { message: string } }>('/customers/change-password', {
        json: body,
        skipErrorHandler: true,
      }),
  });
}
