import { defineMessages } from '../../i18n/messages';

export const paymentMessages = defineMessages({
  'validation.card_number': {
    'pt-pt': 'Número de cartão inválido.',
    en: 'Invalid card number.',
    es: 'Número de tarjeta no válido.',
  },
  'validation.card_expiry': {
    'pt-pt': 'Validade inválida (MM/AA ou MM/AAAA).',
    en: 'Invalid expiry date (MM/YY or MM/YYYY).',
    es: 'Caducidad no válida (MM/AA o MM/AAAA).',
  },
  'validation.card_expired': {
    'pt-pt': 'O cartão está expirado.',
    en: 'The card has expired.',
    es: 'La tarjeta está caducada.',
  },
  'validation.payment_method': {
    'pt-pt': 'Escolha um método de pagamento.',
    en: 'Choose a payment method.',
    es: 'Elija un método de pago.',
  },
  'payment.declined': {
    'pt-pt': 'Não foi possível efetuar o pagamento. Tente mais tarde ou utilize outro método de pagamento.',
    en: 'The payment could not be made. Try again later or use another payment method.',
    es: 'No se ha podido realizar el pago. Inténtelo más tarde o utilice otro método de pago.',
  },
  'payment.unavailable': {
    'pt-pt': 'O serviço de pagamentos não respondeu. Tente mais tarde ou utilize outro método de pagamento.',
    en: 'The payment service did not answer. Try again later or use another payment method.',
    es: 'El servicio de pagos no ha respondido. Inténtelo más tarde o utilice otro método de pago.',
  },
  'payment.method_unavailable': {
    'pt-pt': 'Este método de pagamento não está disponível. Utilize outro método.',
    en: 'This payment method is not available. Please use another method.',
    es: 'Este método de pago no está disponible. Utilice otro método.',
  },
  'payment.order_not_payable': {
    'pt-pt': 'Esta encomenda já não pode ser paga.',
    en: 'This order can no longer be paid.',
    es: 'Este pedido ya no se puede pagar.',
  },
  'payment.in_progress': {
    'pt-pt': 'Já está em curso um pagamento desta encomenda. Aguarde um momento e consulte a encomenda.',
    en: 'A payment for this order is already in progress. Wait a moment and check the order.',
    es: 'Ya hay un pago en curso para este pedido. Espere un momento y consulte el pedido.',
  },
  'payment.refund_not_failed': {
    'pt-pt': 'Só um reembolso que falhou pode ser tentado de novo.',
    en: 'Only a failed refund can be retried.',
    es: 'Solo se puede reintentar un reembolso que ha fallado.',
  },
  'payment.not_found': {
    'pt-pt': 'Pagamento não encontrado.',
    en: 'Payment not found.',
    es: 'Pago no encontrado.',
  },
  'payment.cancelled': {
    'pt-pt': 'O pedido de pagamento foi cancelado. Pode pagar com outro método.',
    en: 'The payment request was cancelled. You can pay with another method.',
    es: 'La solicitud de pago se ha cancelado. Puede pagar con otro método.',
  },
  'payment.not_awaiting': {
    'pt-pt': 'Este pagamento já não aguarda confirmação.',
    en: 'This payment is no longer awaiting confirmation.',
    es: 'Este pago ya no está pendiente de confirmación.',
  },
  'payment.mbway_sent': {
    'pt-pt': 'Pedido MB WAY enviado. Confirme o pagamento na aplicação MB WAY.',
    en: 'MB WAY request sent. Confirm the payment in the MB WAY app.',
    es: 'Solicitud MB WAY enviada. Confirme el pago en la aplicación MB WAY.',
  },
  'payment.approved': {
    'pt-pt': 'Pagamento confirmado.',
    en: 'Payment confirmed.',
    es: 'Pago confirmado.',
  },
  'payment.webhook_invalid': {
    'pt-pt': 'Assinatura do webhook inválida.',
    en: 'Invalid webhook signature.',
    es: 'Firma del webhook no válida.',
  },
  'payment.sandbox_sms': {
    'pt-pt':
      'MB WAY (sandbox): pedido de {amount} para a encomenda {order}. Aprove ou recuse no outbox de desenvolvimento.',
    en: 'MB WAY (sandbox): request of {amount} for order {order}. Approve or decline in the dev outbox.',
    es: 'MB WAY (sandbox): solicitud de {amount} para el pedido {order}. Apruebe o rechace en el outbox de desarrollo.',
  },
  'email.order_paid_subject': {
    'pt-pt': 'Os seus bilhetes para {event} — encomenda {order}',
    en: 'Your tickets for {event} — order {order}',
    es: 'Sus entradas para {event} — pedido {order}',
  },
  'email.order_paid_intro': {
    'pt-pt': 'Olá {name}, obrigado pela sua compra. O pagamento de {total} foi confirmado.',
    en: 'Hello {name}, thank you for your purchase. Your payment of {total} is confirmed.',
    es: 'Hola {name}, gracias por su compra. Su pago de {total} está confirmado.',
  },
  'email.order_paid_tickets': {
    'pt-pt': 'Bilhetes (apresente o código QR na entrada; também estão na sua conta):',
    en: 'Tickets (show the QR code at the entrance; they are also in your account):',
    es: 'Entradas (muestre el código QR en la entrada; también están en su cuenta):',
  },
  'email.order_paid_topup': {
    'pt-pt': 'Carregamento da carteira: {amount}',
    en: 'Wallet top-up: {amount}',
    es: 'Recarga del monedero: {amount}',
  },
  'email.order_paid_link': {
    'pt-pt': 'Veja os seus bilhetes em {url}',
    en: 'See your tickets at {url}',
    es: 'Vea sus entradas en {url}',
  },
});
