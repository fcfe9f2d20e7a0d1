import { defineMessages } from '../../i18n/messages';

export const refundQueueMessages = defineMessages({
  'backoffice_refunds.retry_refunded': {
    'pt-pt': 'Reembolso feito: {amount} devolvidos ao meio de pagamento do cliente.',
    en: "Refund made: {amount} given back to the customer's payment method.",
    es: 'Reembolso hecho: {amount} devueltos al medio de pago del cliente.',
  },
  'backoffice_refunds.retry_failed': {
    'pt-pt': 'O fornecedor de pagamentos voltou a recusar o reembolso: {error}',
    en: 'The payment provider refused the refund again: {error}',
    es: 'El proveedor de pagos volvió a rechazar el reembolso: {error}',
  },
  'backoffice_refunds.retry_not_failed': {
    'pt-pt': 'Este reembolso já não está falhado: nada foi repetido.',
    en: 'This refund is no longer failed: nothing was retried.',
    es: 'Este reembolso ya no está fallido: no se ha repetido nada.',
  },
});
