import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiKeyView,
  ApiKeyWithSecretView,
  CreateApiKeyBody,
  CreateWebhookBody,
  UpdateWebhookBody,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookEndpointWithSecretView,
} from '@bilheteira/shared/schemas/backoffice-integrations';
import { api, apiEnvelope, type Envelope } from '../../lib/api';

export type {
  ApiKeyView,
  ApiKeyWithSecretView,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookEndpointWithSecretView,
};

const base = (organizerId: number) => `/organizers/${organizerId}`;
const keysKey = (organizerId: number) => ['integrations', organizerId, 'api-keys'] as const;
const hooksKey = (organizerId: number) => ['integrations', organizerId, 'webhooks'] as const;

export function useApiKeys(organizerId: number) {
  return useQuery({
    queryKey: keysKey(organizerId),
    queryFn: () => api<ApiKeyView[]>(`${base(organizerId)}/api-keys`),
    enabled: organizerId > 0,
  });
}

/** A change that answers `{ data, message }` and reads the list `key` again. */
function useChange<V, R>(key: readonly unknown[], call: (v: V) => Promise<Envelope<R>>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => qc.invalidateQueries({ queryKey: key }) });
}

/** Makes a key: the answer holds it, shown once. */
export const useCreateApiKey = (organizerId: number) =>
  useChange(keysKey(organizerId), (body: CreateApiKeyBody) =>
    apiEnvelope<ApiKeyWithSecretView>(`${base(organizerId)}/api-keys`, { method: 'POST', json: body }),
  );

export const useRevokeApiKey = (organizerId: number) =>
  useChange(keysKey(organizerId), (id: number) =>
    apiEnvelope<ApiKeyView>(`${base(organizerId)}/api-keys/${id}/revoke`, { method: 'POST' }),
  );

export function useWebhooks(organizerId: number) {
  return useQuery({
    queryKey: hooksKey(organizerId),
    queryFn: () => api<WebhookEndpointView[]>(`${base(organizerId)}/webhooks`),
    enabled: organizerId > 0,
  });
}

/** Adds an endpoint: the answer holds its signing secret, shown once. */
export const useCreateWebhook = (organizerId: number) =>
  useChange(hooksKey(organizerId), (body: CreateWebhookBody) =>
    apiEnvelope<WebhookEndpointWithSecretView>(`${base(organizerId)}/webhooks`, {
      method: 'POST',
      json: body,
    }),
  );

export const useUpdateWebhook = (organizerId: number) =>
  useChange(hooksKey(organizerId), (v: { id: number; body: UpdateWebhookBody }) =>
    apiEnvelope<WebhookEndpointView>(`${base(organizerId)}/webhooks/${v.id}`, {
      method: 'PATCH',
      json: v.body,
    }),
  );

export const useDeleteWebhook = (organizerId: number) =>
  useChange(hooksKey(organizerId), (id: number) =>
    apiEnvelope<null>(`${base(organizerId)}/webhooks/${id}`, { method: 'DELETE' }),
  );

/** An endpoint's latest deliveries, read again every 5 s while shown. */
export function useDeliveries(organizerId: number, endpointId: number) {
  return useQuery({
    queryKey: [...hooksKey(organizerId), endpointId, 'deliveries'],
    queryFn: () => api<WebhookDeliveryView[]>(`${base(organizerId)}/webhooks/${endpointId}/deliveries`),
    refetchInterval: 5_000,
  });
}

export const useReplayDelivery = (organizerId: number, endpointId: number) =>
  useChange(hooksKey(organizerId), (deliveryId: number) =>
    apiEnvelope<WebhookDeliveryView>(
      `${base(organizerId)}/webhooks/${endpointId}/deliveries/${deliveryId}/replay`,
      {
        method: 'POST',
      },
    ),
  );
