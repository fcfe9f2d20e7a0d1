import { defineMessages } from '../../i18n/messages';

export const cartMessages = defineMessages({
  'validation.cart_session_date': {
    'pt-pt': 'Data da sessão inválida (use dia/mês/ano).',
    en: 'Invalid session date (use day/month/year).',
    es: 'Fecha de sesión no válida (use día/mes/año).',
  },
  'validation.cart_session_hour': {
    'pt-pt': 'Hora da sessão inválida (use HH:MM).',
    en: 'Invalid session time (use HH:MM).',
    es: 'Hora de sesión no válida (use HH:MM).',
  },
  'cart.no_visitor': {
    'pt-pt': 'Não foi possível identificar o seu carrinho. Atualize a página e tente novamente.',
    en: 'We could not identify your cart. Reload the page and try again.',
    es: 'No hemos podido identificar su carrito. Actualice la página e inténtelo de nuevo.',
  },
  'cart.event_not_found': {
    'pt-pt': 'Evento não encontrado.',
    en: 'Event not found.',
    es: 'Evento no encontrado.',
  },
  'cart.event_not_on_sale': {
    'pt-pt': 'Este evento já não tem bilhetes à venda.',
    en: 'This event no longer has tickets on sale.',
    es: 'Este evento ya no tiene entradas a la venta.',
  },
  'cart.ticket_not_found': {
    'pt-pt': 'Este bilhete não existe neste evento.',
    en: 'This ticket does not exist for this event.',
    es: 'Esta entrada no existe en este evento.',
  },
  'cart.ticket_not_on_sale': {
    'pt-pt': 'O bilhete «{name}» não está à venda neste momento.',
    en: 'The ticket “{name}” is not on sale right now.',
    es: 'La entrada «{name}» no está a la venta en este momento.',
  },
  'cart.session_required': {
    'pt-pt': 'Escolha a data e a hora da sessão.',
    en: 'Choose the session date and time.',
    es: 'Elija la fecha y la hora de la sesión.',
  },
  'cart.session_not_found': {
    'pt-pt': 'Sessão não encontrada para esta data e hora.',
    en: 'No session found for this date and time.',
    es: 'No se encontró ninguna sesión para esta fecha y hora.',
  },
  'cart.session_past': {
    'pt-pt': 'Esta sessão já começou.',
    en: 'This session has already started.',
    es: 'Esta sesión ya ha comenzado.',
  },
  'cart.above_maximum': {
    'pt-pt': 'Pode comprar no máximo {max} bilhetes «{name}» por encomenda.',
    en: 'You can buy at most {max} “{name}” tickets per order.',
    es: 'Puede comprar como máximo {max} entradas «{name}» por pedido.',
  },
  'cart.not_enough_stock': {
    'pt-pt': 'Só restam {available} bilhetes «{name}».',
    en: 'Only {available} “{name}” tickets are left.',
    es: 'Solo quedan {available} entradas «{name}».',
  },
  'cart.sold_out': {
    'pt-pt': 'Os bilhetes «{name}» esgotaram.',
    en: '“{name}” tickets are sold out.',
    es: 'Las entradas «{name}» están agotadas.',
  },
  'cart.item_not_found': {
    'pt-pt': 'Esta linha já não está no carrinho.',
    en: 'This line is no longer in the cart.',
    es: 'Esta línea ya no está en el carrito.',
  },
  'cart.updated': {
    'pt-pt': 'Carrinho atualizado.',
    en: 'Cart updated.',
    es: 'Carrito actualizado.',
  },
});
