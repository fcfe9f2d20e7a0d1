import { defineMessages } from '../../i18n/messages';

export const orderMessages = defineMessages({
  'validation.billing_postal_code': {
    'pt-pt': 'Código postal inválido (formato 1234-567).',
    en: 'Invalid postal code (format 1234-567).',
    es: 'Código postal no válido (formato 1234-567).',
  },
  'checkout.empty': {
    'pt-pt': 'Adicione um bilhete ao carrinho para avançar com o checkout.',
    en: 'Add a ticket to the cart to proceed with checkout.',
    es: 'Añada una entrada al carrito para continuar con el pago.',
  },
  'checkout.below_minimum': {
    'pt-pt': 'Quantidade mínima não atingida: {items}.',
    en: 'Minimum quantity not reached: {items}.',
    es: 'Cantidad mínima no alcanzada: {items}.',
  },
  'checkout.below_minimum_item': {
    'pt-pt': '«{name}» (mínimo {min})',
    en: '“{name}” (minimum {min})',
    es: '«{name}» (mínimo {min})',
  },
  'checkout.sold_out': {
    'pt-pt': 'Já não há bilhetes suficientes: «{name}». Ajuste as quantidades e tente novamente.',
    en: 'There are not enough tickets left: “{name}”. Adjust the quantities and try again.',
    es: 'Ya no quedan suficientes entradas: «{name}». Ajuste las cantidades e inténtelo de nuevo.',
  },
  'checkout.session_full': {
    'pt-pt': 'A sessão de {date} às {hour} está esgotada.',
    en: 'The {date} {hour} session is sold out.',
    es: 'La sesión del {date} a las {hour} está agotada.',
  },
  'checkout.day_full': {
    'pt-pt': 'A lotação do dia {date} está esgotada.',
    en: 'The capacity for {date} is sold out.',
    es: 'El aforo del día {date} está agotado.',
  },
  'checkout.group_full': {
    'pt-pt':
      'Já não há bilhetes suficientes: «{names}» (lotação partilhada «{group}»). Ajuste as quantidades e tente novamente.',
    en: 'There are not enough tickets left: “{names}” (shared capacity “{group}”). Adjust the quantities and try again.',
    es: 'Ya no quedan suficientes entradas: «{names}» (aforo compartido «{group}»). Ajuste las cantidades e inténtelo de nuevo.',
  },
  'checkout.topup_unavailable': {
    'pt-pt':
      'O carregamento online não está disponível para este evento. Dirija-se a um ponto de carregamento.',
    en: 'Online top-up is not available for this event. Please go to a charging point.',
    es: 'La recarga online no está disponible para este evento. Diríjase a un punto de recarga.',
  },
  'checkout.topup_line': {
    'pt-pt': 'Carregamento da carteira',
    en: 'Wallet top-up',
    es: 'Recarga del monedero',
  },
  'checkout.order_created': {
    'pt-pt': 'Encomenda registada. Os bilhetes ficam reservados enquanto conclui o pagamento.',
    en: 'Order registered. Your tickets are held while you complete the payment.',
    es: 'Pedido registrado. Sus entradas quedan reservadas mientras completa el pago.',
  },
  'order.not_found': {
    'pt-pt': 'Encomenda não encontrada.',
    en: 'Order not found.',
    es: 'Pedido no encontrado.',
  },
  'order.idempotency_conflict': {
    'pt-pt': 'Este pedido já está a ser processado. Aguarde um momento.',
    en: 'This request is already being processed. Please wait a moment.',
    es: 'Esta solicitud ya se está procesando. Espere un momento.',
  },
});
