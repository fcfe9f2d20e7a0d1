import { defineMessages } from '../../i18n/messages';

/** The texts of the system's wallet transaction descriptions (transaction-description.ts). */
export const transactionDescriptionMessages = defineMessages({
  'wallet.tx.consumption': {
    'pt-pt': 'Consumo',
    en: 'Purchase at the event',
    es: 'Consumo',
  },
  'wallet.tx.station_topup': {
    'pt-pt': 'Carregamento no local',
    en: 'Top-up at the event',
    es: 'Recarga en el recinto',
  },
  'wallet.tx.cash_refund': {
    'pt-pt': 'Devolução em numerário',
    en: 'Cash refund',
    es: 'Devolución en efectivo',
  },
  'wallet.tx.online_topup': {
    'pt-pt': 'Carregamento da carteira',
    en: 'Wallet top-up',
    es: 'Recarga del monedero',
  },
  'wallet.tx.refund_to_iban': {
    'pt-pt': 'Reembolso para {iban}',
    en: 'Refund to {iban}',
    es: 'Reembolso a {iban}',
  },
  'wallet.tx.order_topup_refund': {
    'pt-pt': 'Carregamento reembolsado (encomenda {order})',
    en: 'Top-up refunded (order {order})',
    es: 'Recarga reembolsada (pedido {order})',
  },
  'wallet.tx.refund_fee': {
    'pt-pt': 'Taxa de reembolso',
    en: 'Refund fee',
    es: 'Comisión de reembolso',
  },
  'wallet.tx.refund_rejected': {
    'pt-pt': 'Reembolso recusado: valor devolvido à carteira',
    en: 'Refund declined: amount returned to the wallet',
    es: 'Reembolso rechazado: importe devuelto al monedero',
  },
  'wallet.tx.bracelet_to_account': {
    'pt-pt': 'Transferência para a conta (pulseira {bracelet})',
    en: 'Moved to the account (bracelet {bracelet})',
    es: 'Transferencia a la cuenta (pulsera {bracelet})',
  },
  'wallet.tx.bracelet_balance': {
    'pt-pt': 'Saldo da pulseira {bracelet}',
    en: 'Balance of bracelet {bracelet}',
    es: 'Saldo de la pulsera {bracelet}',
  },
});
