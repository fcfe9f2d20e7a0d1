import { defineMessages } from '../../i18n/messages';

/** What holders are told when an event or a session is postponed or cancelled (email and SMS). */
export const eventLifecycleNoticeMessages = defineMessages({
  'event_notice.postponed_subject': {
    'pt-pt': '{event} foi adiado',
    en: '{event} has been postponed',
    es: '{event} se ha aplazado',
  },
  'event_notice.postponed_body': {
    'pt-pt':
      'Olá {name},\n\n{event} ({what}) foi adiado. Nova data: {when}.\n{reason}Os seus bilhetes continuam válidos para a nova data. Se não puder ir, pode pedir o reembolso da sua encomenda paga até {until}, em {url}.\n\nObrigado pela compreensão.',
    en: 'Hello {name},\n\n{event} ({what}) has been postponed. New date: {when}.\n{reason}Your tickets stay valid for the new date. If you cannot make it, you may ask for a refund of your paid order until {until}, at {url}.\n\nThank you for your understanding.',
    es: 'Hola {name},\n\n{event} ({what}) se ha aplazado. Nueva fecha: {when}.\n{reason}Sus entradas siguen siendo válidas para la nueva fecha. Si no puede asistir, puede pedir el reembolso de su pedido pagado hasta el {until}, en {url}.\n\nGracias por su comprensión.',
  },
  'event_notice.postponed_sms': {
    'pt-pt': 'Bilheteira: {event} foi adiado para {when}. Bilhetes válidos. Reembolso até {until}: {url}',
    en: 'Bilheteira: {event} is postponed to {when}. Tickets stay valid. Refund until {until}: {url}',
    es: 'Bilheteira: {event} se aplaza al {when}. Entradas válidas. Reembolso hasta {until}: {url}',
  },
  'event_notice.cancelled_subject': {
    'pt-pt': '{event} foi cancelado',
    en: '{event} has been cancelled',
    es: '{event} se ha cancelado',
  },
  'event_notice.cancelled_body': {
    'pt-pt':
      'Olá {name},\n\nLamentamos: {event} ({what}) foi cancelado.\n{reason}{wallet}Os bilhetes deixam de ser válidos e as encomendas pagas são reembolsadas automaticamente no meio de pagamento original, nos próximos dias. Não precisa de fazer nada. Pode acompanhar em {url}.',
    en: 'Hello {name},\n\nWe are sorry: {event} ({what}) has been cancelled.\n{reason}{wallet}The tickets are no longer valid and paid orders are refunded automatically to the original payment method in the next few days. You need not do anything. Follow it at {url}.',
    es: 'Hola {name},\n\nLo sentimos: {event} ({what}) se ha cancelado.\n{reason}{wallet}Las entradas dejan de ser válidas y los pedidos pagados se reembolsan automáticamente al medio de pago original en los próximos días. No tiene que hacer nada. Puede seguirlo en {url}.',
  },
  'event_notice.cancelled_wallet': {
    'pt-pt': 'O saldo carregado online na carteira deste evento pode ser reembolsado até {until}.\n',
    en: "The balance topped up online in this event's wallet can be refunded until {until}.\n",
    es: 'El saldo recargado en línea en el monedero de este evento se puede reembolsar hasta el {until}.\n',
  },
  'event_notice.cancelled_sms': {
    'pt-pt':
      'Bilheteira: {event} ({what}) foi cancelado. As encomendas pagas são reembolsadas automaticamente. {url}',
    en: 'Bilheteira: {event} ({what}) is cancelled. Paid orders are refunded automatically. {url}',
    es: 'Bilheteira: {event} ({what}) se ha cancelado. Los pedidos pagados se reembolsan automáticamente. {url}',
  },
  'event_notice.whole_event': {
    'pt-pt': 'todas as datas',
    en: 'all dates',
    es: 'todas las fechas',
  },
  'event_notice.session': {
    'pt-pt': 'sessão de {when}',
    en: 'session of {when}',
    es: 'sesión del {when}',
  },
  'event_notice.reason': {
    'pt-pt': 'Nota da organização: {reason}\n',
    en: "The organiser's note: {reason}\n",
    es: 'Nota de la organización: {reason}\n',
  },
});
