import { defineMessages } from '../../i18n/messages';

/** Each payout figure: a short label and one line saying what it is. */
export const payoutsMessages = defineMessages({
  'payouts.line.tickets_gross': {
    'pt-pt': 'Vendas de bilhetes',
    en: 'Ticket sales',
    es: 'Ventas de entradas',
  },
  'payouts.hint.tickets_gross': {
    'pt-pt': 'Bilhetes das encomendas pagas no período, depois dos descontos.',
    en: 'Tickets of the orders paid in the period, after discounts.',
    es: 'Entradas de los pedidos pagados en el periodo, tras los descuentos.',
  },
  'payouts.line.service_fee': { 'pt-pt': 'Taxa de serviço', en: 'Service fee', es: 'Gastos de gestión' },
  'payouts.hint.service_fee': {
    'pt-pt': 'Taxa da Bilheteira paga pelos compradores, com IVA.',
    en: 'Bilheteira’s fee paid by buyers, VAT included.',
    es: 'Comisión de Bilheteira pagada por los compradores, IVA incluido.',
  },
  'payouts.line.online_topups': {
    'pt-pt': 'Carregamentos online',
    en: 'Online top-ups',
    es: 'Recargas online',
  },
  'payouts.hint.online_topups': {
    'pt-pt': 'Saldo cashless comprado com as encomendas.',
    en: 'Cashless credit bought with the orders.',
    es: 'Saldo cashless comprado con los pedidos.',
  },
  'payouts.line.collected': { 'pt-pt': 'Total cobrado', en: 'Total collected', es: 'Total cobrado' },
  'payouts.hint.collected': {
    'pt-pt': 'O que os compradores pagaram: bilhetes, taxa e carregamentos.',
    en: 'What buyers paid: tickets, fee and top-ups.',
    es: 'Lo que pagaron los compradores: entradas, gastos y recargas.',
  },
  'payouts.line.refunds': { 'pt-pt': 'Reembolsos', en: 'Refunds', es: 'Reembolsos' },
  'payouts.hint.refunds': {
    'pt-pt': 'Devolvido ao meio de pagamento no período, ou a devolver.',
    en: 'Given back to the payment method in the period, or owed back.',
    es: 'Devuelto al medio de pago en el periodo, o por devolver.',
  },
  'payouts.line.refunds_service_fee': {
    'pt-pt': 'Taxa devolvida',
    en: 'Fee refunded',
    es: 'Gastos devueltos',
  },
  'payouts.hint.refunds_service_fee': {
    'pt-pt': 'Parte dos reembolsos que era taxa da Bilheteira (paga pela Bilheteira).',
    en: 'Part of the refunds that was Bilheteira’s fee (borne by Bilheteira).',
    es: 'Parte de los reembolsos que eran gastos de Bilheteira (a cargo de Bilheteira).',
  },
  'payouts.line.chargebacks': { 'pt-pt': 'Chargebacks', en: 'Chargebacks', es: 'Contracargos' },
  'payouts.hint.chargebacks': {
    'pt-pt': 'Pagamentos contestados pelo banco do comprador, em disputa ou perdidos.',
    en: 'Payments disputed by the buyer’s bank, being decided or lost.',
    es: 'Pagos disputados por el banco del comprador, en disputa o perdidos.',
  },
  'payouts.line.service_fee_kept': {
    'pt-pt': 'Taxa da Bilheteira',
    en: 'Bilheteira’s fee',
    es: 'Gastos de Bilheteira',
  },
  'payouts.hint.service_fee_kept': {
    'pt-pt': 'Taxa de serviço menos a devolvida: fica com a Bilheteira.',
    en: 'Service fee less the fee refunded: Bilheteira keeps it.',
    es: 'Gastos de gestión menos los devueltos: los conserva Bilheteira.',
  },
  'payouts.line.service_fee_vat': { 'pt-pt': 'IVA da taxa', en: 'VAT on the fee', es: 'IVA de los gastos' },
  'payouts.hint.service_fee_vat': {
    'pt-pt': 'IVA incluído na taxa da Bilheteira, à taxa de {rate} %.',
    en: 'VAT included in Bilheteira’s fee, at {rate}%.',
    es: 'IVA incluido en los gastos de Bilheteira, al {rate} %.',
  },
  'payouts.line.owed': {
    'pt-pt': 'A pagar ao organizador',
    en: 'Owed to the organiser',
    es: 'A pagar al organizador',
  },
  'payouts.hint.owed': {
    'pt-pt': 'Bilhetes e carregamentos online, menos o que deles foi reembolsado e os chargebacks.',
    en: 'Tickets and online top-ups, less what of them was refunded and chargebacks.',
    es: 'Entradas y recargas online, menos lo reembolsado de ellas y los contracargos.',
  },
  'payouts.line.wallet_topups_online': {
    'pt-pt': 'Carteiras: carregamentos online',
    en: 'Wallets: online top-ups',
    es: 'Monederos: recargas online',
  },
  'payouts.hint.wallet_topups_online': {
    'pt-pt': 'Creditados nas carteiras no período (registo das carteiras).',
    en: 'Credited to wallets in the period (wallet ledger).',
    es: 'Abonadas en los monederos en el periodo (registro de monederos).',
  },
  'payouts.line.wallet_topups_onsite': {
    'pt-pt': 'Carteiras: carregamentos no recinto',
    en: 'Wallets: on-site top-ups',
    es: 'Monederos: recargas en el recinto',
  },
  'payouts.hint.wallet_topups_onsite': {
    'pt-pt': 'Cobrados pelo organizador nos pontos de carregamento.',
    en: 'Collected by the organiser at top-up points.',
    es: 'Cobradas por el organizador en los puntos de recarga.',
  },
  'payouts.line.wallet_bar_sales': {
    'pt-pt': 'Vendas de bar e loja',
    en: 'Bar and shop sales',
    es: 'Ventas de bar y tienda',
  },
  'payouts.hint.wallet_bar_sales': {
    'pt-pt': 'Pago com as carteiras: receita cashless do organizador.',
    en: 'Paid from wallets: the organiser’s cashless revenue.',
    es: 'Pagado con los monederos: ingresos cashless del organizador.',
  },
  'payouts.line.wallet_refunds': {
    'pt-pt': 'Reembolsos de carteiras',
    en: 'Wallet refunds',
    es: 'Reembolsos de monederos',
  },
  'payouts.hint.wallet_refunds': {
    'pt-pt': 'Saldo devolvido: pedidos pagos por transferência e carregamentos reembolsados ao cartão.',
    en: 'Balance given back: requests paid by transfer and top-ups refunded to the card.',
    es: 'Saldo devuelto: solicitudes pagadas por transferencia y recargas reembolsadas a la tarjeta.',
  },
  'payouts.line.wallet_refund_fees': {
    'pt-pt': 'Taxas de reembolso',
    en: 'Refund fees',
    es: 'Comisiones de reembolso',
  },
  'payouts.hint.wallet_refund_fees': {
    'pt-pt': 'Taxas cobradas nos pedidos de reembolso das carteiras.',
    en: 'Fees charged on wallet refund requests.',
    es: 'Comisiones cobradas en las solicitudes de reembolso de monederos.',
  },
  'payouts.line.wallet_float_end': {
    'pt-pt': 'Saldo por gastar',
    en: 'Unspent float',
    es: 'Saldo sin gastar',
  },
  'payouts.hint.wallet_float_end': {
    'pt-pt': 'Dinheiro nas carteiras no fim do período (dos clientes).',
    en: 'Money left in wallets at the end of the period (customers’).',
    es: 'Dinero en los monederos al final del periodo (de los clientes).',
  },
  'payouts.csv.event': { 'pt-pt': 'Evento', en: 'Event', es: 'Evento' },
  'payouts.csv.event_id': { 'pt-pt': 'ID do evento', en: 'Event ID', es: 'ID del evento' },
  'payouts.csv.from': { 'pt-pt': 'De', en: 'From', es: 'Desde' },
  'payouts.csv.to': { 'pt-pt': 'Até', en: 'To', es: 'Hasta' },
  'payouts.csv.orders': { 'pt-pt': 'Encomendas pagas', en: 'Paid orders', es: 'Pedidos pagados' },
  'payouts.csv.total': { 'pt-pt': 'Total', en: 'Total', es: 'Total' },
});
