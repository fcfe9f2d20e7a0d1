import { defineMessages } from '../../i18n/messages';

/** Texts of the back office's refunds of order lines and of their email (order-refund-email.ts). */
export const orderLineRefundMessages = defineMessages({
  'backoffice_refunds.not_paid': {
    'pt-pt': 'Só é possível reembolsar uma encomenda paga.',
    en: 'Only a paid order can be refunded.',
    es: 'Solo se puede reembolsar un pedido pagado.',
  },
  'backoffice_refunds.too_many': {
    'pt-pt': 'Esta linha só tem {left} bilhete(s) por reembolsar.',
    en: 'This line has only {left} ticket(s) left to refund.',
    es: 'A esta línea solo le quedan {left} entrada(s) por reembolsar.',
  },
  'backoffice_refunds.topup_too_much': {
    'pt-pt': 'Deste carregamento só falta reembolsar {amount}.',
    en: 'Only {amount} of this top-up is left to refund.',
    es: 'De esta recarga solo quedan {amount} por reembolsar.',
  },
  'backoffice_refunds.topup_spent': {
    'pt-pt':
      'A carteira do cliente só tem {amount} por gastar: um carregamento só é reembolsado até ao que ainda não foi gasto.',
    en: "The customer's wallet holds only {amount} unspent: a top-up is refunded only up to what has not been spent.",
    es: 'El monedero del cliente solo tiene {amount} sin gastar: una recarga solo se reembolsa hasta lo que aún no se ha gastado.',
  },
  'backoffice_refunds.nothing': {
    'pt-pt': 'Não há nada por reembolsar nesta encomenda.',
    en: 'There is nothing left to refund in this order.',
    es: 'No queda nada por reembolsar en este pedido.',
  },
  'backoffice_refunds.exceeds_paid': {
    'pt-pt': 'O reembolso ({amount}) passaria o que falta devolver do pagamento ({left}).',
    en: 'The refund ({amount}) would be more than what is left of the payment to give back ({left}).',
    es: 'El reembolso ({amount}) superaría lo que queda por devolver del pago ({left}).',
  },
  'backoffice_refunds.not_failed': {
    'pt-pt': 'Só um reembolso que falhou pode ser tentado de novo.',
    en: 'Only a refund that failed can be tried again.',
    es: 'Solo se puede reintentar un reembolso que ha fallado.',
  },
  'backoffice_refunds.not_found': {
    'pt-pt': 'Reembolso não encontrado.',
    en: 'Refund not found.',
    es: 'Reembolso no encontrado.',
  },
  'backoffice_refunds.unknown_line': {
    'pt-pt': 'Esta linha não é desta encomenda.',
    en: 'This line is not in this order.',
    es: 'Esta línea no es de este pedido.',
  },
  'backoffice_refunds.duplicate_line': {
    'pt-pt': 'Esta linha aparece duas vezes.',
    en: 'This line appears twice.',
    es: 'Esta línea aparece dos veces.',
  },
  'backoffice_refunds.refunded': {
    'pt-pt': 'Reembolso de {amount} feito para o método de pagamento original.',
    en: 'Refund of {amount} made to the original payment method.',
    es: 'Reembolso de {amount} hecho al método de pago original.',
  },
  'backoffice_refunds.pending': {
    'pt-pt': 'Reembolso de {amount} registado: o fornecedor de pagamentos ainda está a responder.',
    en: 'Refund of {amount} recorded: the payment provider has not answered yet.',
    es: 'Reembolso de {amount} registrado: el proveedor de pagos aún no ha respondido.',
  },
  'backoffice_refunds.failed': {
    'pt-pt':
      'Os bilhetes foram cancelados, mas o fornecedor de pagamentos recusou o reembolso de {amount}: fica registado como falhado para tentar de novo.',
    en: 'The tickets were cancelled, but the payment provider refused the refund of {amount}: it is recorded as failed, to be tried again.',
    es: 'Las entradas se cancelaron, pero el proveedor de pagos rechazó el reembolso de {amount}: queda registrado como fallido para reintentarlo.',
  },
  'email.order_refund_subject': {
    'pt-pt': 'Reembolso da encomenda {order} — {event}',
    en: 'Refund of order {order} — {event}',
    es: 'Reembolso del pedido {order} — {event}',
  },
  'email.order_refund_intro': {
    'pt-pt': 'Olá {name}, a organização de {event} reembolsou {amount} da sua encomenda {order}.',
    en: 'Hello {name}, the organiser of {event} refunded {amount} of your order {order}.',
    es: 'Hola {name}, la organización de {event} ha reembolsado {amount} de su pedido {order}.',
  },
  'email.order_refund_what': {
    'pt-pt': 'O que foi reembolsado:',
    en: 'What was refunded:',
    es: 'Lo que se ha reembolsado:',
  },
  'email.order_refund_tickets': {
    'pt-pt': '• {qty} × {name}: {amount}',
    en: '• {qty} × {name}: {amount}',
    es: '• {qty} × {name}: {amount}',
  },
  'email.order_refund_topup': {
    'pt-pt': '• Carregamento da carteira: {amount}',
    en: '• Wallet top-up: {amount}',
    es: '• Recarga del monedero: {amount}',
  },
  'email.order_refund_service': {
    'pt-pt': '• Custo de serviço: {amount}',
    en: '• Service cost: {amount}',
    es: '• Gastos de servicio: {amount}',
  },
  'email.order_refund_total': {
    'pt-pt':
      'Total reembolsado: {amount}, para o método de pagamento original ({method}). Pode demorar alguns dias a aparecer.',
    en: 'Total refunded: {amount}, to the original payment method ({method}). It may take a few days to appear.',
    es: 'Total reembolsado: {amount}, al método de pago original ({method}). Puede tardar unos días en aparecer.',
  },
  'email.order_refund_cancelled': {
    'pt-pt': 'Os bilhetes reembolsados foram cancelados e já não dão entrada.',
    en: 'The refunded tickets were cancelled and no longer admit.',
    es: 'Las entradas reembolsadas se han cancelado y ya no dan acceso.',
  },
  'email.order_refund_link': {
    'pt-pt': 'Os seus bilhetes: {url}',
    en: 'Your tickets: {url}',
    es: 'Sus entradas: {url}',
  },
});
