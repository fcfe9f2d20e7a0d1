import { defineMessages } from '../../i18n/messages';

export const broadcastMessages = defineMessages({
  'broadcast.footer_operational': {
    'pt-pt': 'Recebe esta mensagem de {organizer} porque tem bilhete para {event}.',
    en: 'You receive this message from {organizer} because you hold a ticket for {event}.',
    es: 'Recibe este mensaje de {organizer} porque tiene entrada para {event}.',
  },
  'broadcast.sent': {
    'pt-pt': 'Mensagem enviada. Destinatários: {count}.',
    en: 'Message sent. Recipients: {count}.',
    es: 'Mensaje enviado. Destinatarios: {count}.',
  },
  'broadcast.no_recipients': {
    'pt-pt':
      'Ninguém a quem enviar: não há portadores com e-mail (ou, numa mensagem de marketing, que o tenham aceitado).',
    en: 'No one to send to: no holders with an email (or, for a marketing message, who accepted it).',
    es: 'Nadie a quien enviar: no hay titulares con correo (o, en un mensaje de marketing, que lo hayan aceptado).',
  },
  'broadcast.bad_audience': {
    'pt-pt': 'Esse tipo de bilhete ou sessão não é deste evento.',
    en: 'That ticket type or session is not of this event.',
    es: 'Ese tipo de entrada o sesión no es de este evento.',
  },
});
