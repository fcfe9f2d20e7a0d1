import { defineMessages } from '../../i18n/messages';

/** The paid order's email: a ticket receipt, or a top-up receipt when no ticket was bought. */
export const orderPaidEmailMessages = defineMessages({
  'email.receipt_tickets': {
    'pt-pt': 'Bilhetes: {amount}',
    en: 'Tickets: {amount}',
    es: 'Entradas: {amount}',
  },
  'email.receipt_discount': {
    'pt-pt': 'Desconto ({code}): −{amount}',
    en: 'Discount ({code}): −{amount}',
    es: 'Descuento ({code}): −{amount}',
  },
  'email.receipt_service': {
    'pt-pt': 'Custo de serviço ({percent} % + IVA): {amount}',
    en: 'Service cost ({percent}% + VAT): {amount}',
    es: 'Gastos de gestión ({percent} % + IVA): {amount}',
  },
  'email.receipt_service_plain': {
    'pt-pt': 'Custo de serviço (com IVA): {amount}',
    en: 'Service cost (incl. VAT): {amount}',
    es: 'Gastos de gestión (IVA incl.): {amount}',
  },
  'email.receipt_total': {
    'pt-pt': 'Total pago: {amount}',
    en: 'Total paid: {amount}',
    es: 'Total pagado: {amount}',
  },
  'email.topup_paid_subject': {
    'pt-pt': 'Carregamento da carteira para {event} — encomenda {order}',
    en: 'Wallet top-up for {event} — order {order}',
    es: 'Recarga del monedero para {event} — pedido {order}',
  },
  'email.topup_paid_intro': {
    'pt-pt': 'Olá {name}, o carregamento de {amount} da sua carteira para {event} está confirmado.',
    en: 'Hello {name}, your wallet top-up of {amount} for {event} is confirmed.',
    es: 'Hola {name}, la recarga de {amount} de su monedero para {event} está confirmada.',
  },
  'email.topup_paid_use': {
    'pt-pt': 'O valor já está no saldo da carteira e pode ser usado nos bares e lojas do evento.',
    en: 'The amount is already in your wallet balance and can be spent at the event’s bars and shops.',
    es: 'El importe ya está en el saldo del monedero y se puede usar en los bares y tiendas del evento.',
  },
  'email.topup_paid_link': {
    'pt-pt': 'Veja o saldo e os movimentos em {url}',
    en: 'See your balance and transactions at {url}',
    es: 'Vea el saldo y los movimientos en {url}',
  },
});
