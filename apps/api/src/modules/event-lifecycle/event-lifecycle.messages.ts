import { defineMessages } from '../../i18n/messages';

/** Answers of postpone / cancel and the holder's refund (messages to holders: event-lifecycle-notice.messages.ts). */
export const eventLifecycleMessages = defineMessages({
  'event_lifecycle.session_not_found': {
    'pt-pt': 'Sessão não encontrada.',
    en: 'Session not found.',
    es: 'Sesión no encontrada.',
  },
  'event_lifecycle.session_cancelled': {
    'pt-pt': 'Esta sessão foi cancelada e já não pode ser alterada.',
    en: 'This session was cancelled and can no longer be changed.',
    es: 'Esta sesión fue cancelada y ya no se puede modificar.',
  },
  'event_lifecycle.refund_until_past': {
    'pt-pt': 'O prazo para pedir reembolso tem de terminar no futuro.',
    en: 'The refund deadline must be in the future.',
    es: 'El plazo para pedir el reembolso tiene que terminar en el futuro.',
  },
  'event_lifecycle.new_date_past': {
    'pt-pt': 'A nova data tem de ser no futuro.',
    en: 'The new date must be in the future.',
    es: 'La nueva fecha tiene que ser en el futuro.',
  },
  'event_lifecycle.order_not_paid': {
    'pt-pt': 'Só uma encomenda paga pode ser reembolsada.',
    en: 'Only a paid order can be refunded.',
    es: 'Solo se puede reembolsar un pedido pagado.',
  },
  'event_lifecycle.not_postponed': {
    'pt-pt': 'Este evento não foi adiado: o reembolso segue as regras do evento.',
    en: "This event was not postponed: refunds follow the event's rules.",
    es: 'Este evento no fue aplazado: el reembolso sigue las reglas del evento.',
  },
  'event_lifecycle.refund_window_closed': {
    'pt-pt': 'O prazo para pedir o reembolso deste evento adiado terminou.',
    en: 'The deadline to ask for a refund of this postponed event has passed.',
    es: 'El plazo para pedir el reembolso de este evento aplazado ha terminado.',
  },
  'event_lifecycle.postponed': {
    'pt-pt': 'Evento adiado. Os portadores de bilhetes foram avisados.',
    en: 'Event postponed. Ticket holders have been told.',
    es: 'Evento aplazado. Se ha avisado a los titulares de entradas.',
  },
  'event_lifecycle.session_postponed': {
    'pt-pt': 'Sessão adiada. Os portadores de bilhetes foram avisados.',
    en: 'Session postponed. Ticket holders have been told.',
    es: 'Sesión aplazada. Se ha avisado a los titulares de entradas.',
  },
  'event_lifecycle.cancelled': {
    'pt-pt': 'Cancelado. As encomendas pagas estão a ser reembolsadas e os portadores foram avisados.',
    en: 'Cancelled. Paid orders are being refunded and holders have been told.',
    es: 'Cancelado. Los pedidos pagados se están reembolsando y se ha avisado a los titulares.',
  },
  'event_lifecycle.already_cancelled': {
    'pt-pt': 'Já estava cancelado: nada mudou.',
    en: 'It was already cancelled: nothing changed.',
    es: 'Ya estaba cancelado: no ha cambiado nada.',
  },
  'event_lifecycle.refund_requested': {
    'pt-pt': 'Reembolso pedido: o valor volta ao meio de pagamento original nos próximos dias.',
    en: 'Refund requested: the money goes back to your original payment method in the next few days.',
    es: 'Reembolso solicitado: el importe vuelve al medio de pago original en los próximos días.',
  },
});
