import { defineMessages } from '../../i18n/messages';

/** The lines of the float reconciliation's CSV. */
export const reconciliationMessages = defineMessages({
  'reconciliation.line': { 'pt-pt': 'Linha', en: 'Line', es: 'Línea' },
  'reconciliation.cents': { 'pt-pt': 'Cêntimos', en: 'Cents', es: 'Céntimos' },
  'reconciliation.topups_online': {
    'pt-pt': 'Entradas: carregamentos online',
    en: 'In: online top-ups',
    es: 'Entradas: recargas online',
  },
  'reconciliation.topups_onsite': {
    'pt-pt': 'Entradas: carregamentos no recinto',
    en: 'In: on-site top-ups',
    es: 'Entradas: recargas en el recinto',
  },
  'reconciliation.transfers_net': {
    'pt-pt': 'Entradas: transferências entre carteiras (líquido)',
    en: 'In: transfers between wallets (net)',
    es: 'Entradas: transferencias entre monederos (neto)',
  },
  'reconciliation.in_total': { 'pt-pt': 'Total de entradas', en: 'Total in', es: 'Total de entradas' },
  'reconciliation.consumption': {
    'pt-pt': 'Saídas: consumo em bares e lojas',
    en: 'Out: bar and shop spend',
    es: 'Salidas: consumo en bares y tiendas',
  },
  'reconciliation.wallet_refunds': {
    'pt-pt': 'Saídas: reembolsos por transferência',
    en: 'Out: refunds by bank transfer',
    es: 'Salidas: reembolsos por transferencia',
  },
  'reconciliation.wallet_refunds_paid': {
    'pt-pt': '  dos quais pagos',
    en: '  of which paid',
    es: '  de los cuales pagados',
  },
  'reconciliation.wallet_refunds_pending': {
    'pt-pt': '  dos quais por pagar',
    en: '  of which not yet paid',
    es: '  de los cuales por pagar',
  },
  'reconciliation.cash_refunds': {
    'pt-pt': 'Saídas: reembolsos em numerário nos postos',
    en: 'Out: cash refunds at the stations',
    es: 'Salidas: reembolsos en efectivo en los puntos',
  },
  'reconciliation.fees': {
    'pt-pt': 'Saídas: taxas de reembolso',
    en: 'Out: refund fees',
    es: 'Salidas: comisiones de reembolso',
  },
  'reconciliation.out_total': { 'pt-pt': 'Total de saídas', en: 'Total out', es: 'Total de salidas' },
  'reconciliation.float': {
    'pt-pt': 'Saldo nas carteiras (float)',
    en: 'Held on wallets (float)',
    es: 'Saldo en los monederos (float)',
  },
  'reconciliation.difference': {
    'pt-pt': 'Diferença (entradas − saídas − float)',
    en: 'Difference (in − out − float)',
    es: 'Diferencia (entradas − salidas − float)',
  },
  'reconciliation.liability': {
    'pt-pt': 'Responsabilidade (reembolsável e por pagar)',
    en: 'Liability (refundable and not yet paid)',
    es: 'Pasivo (reembolsable y por pagar)',
  },
});
