import { defineMessages } from '../../i18n/messages';

export const messagesMessages = defineMessages({
  'messages.sent': {
    'pt-pt': 'Mensagem enviada à organização. A resposta chega ao seu e-mail.',
    en: 'Message sent to the organiser. The reply will reach your email.',
    es: 'Mensaje enviado a la organización. La respuesta llegará a su correo.',
  },
  'messages.organizer_subject': {
    'pt-pt': 'Mensagem de um cliente sobre {event}',
    en: 'Message from a customer about {event}',
    es: 'Mensaje de un cliente sobre {event}',
  },
  'messages.organizer_body': {
    'pt-pt':
      'Evento: {event}\nCliente: {name}\nE-mail: {email}\nTelemóvel: {mobile}\nAssunto: {subject}\n\n{message}\n\n— Enviado pela área de cliente da Bilheteira. Responda para o e-mail do cliente.',
    en: 'Event: {event}\nCustomer: {name}\nEmail: {email}\nMobile: {mobile}\nSubject: {subject}\n\n{message}\n\n— Sent from the Bilheteira customer area. Reply to the customer’s email.',
    es: 'Evento: {event}\nCliente: {name}\nCorreo: {email}\nMóvil: {mobile}\nAsunto: {subject}\n\n{message}\n\n— Enviado desde el área de cliente de Bilheteira. Responda al correo del cliente.',
  },
  'messages.no_subject': {
    'pt-pt': '(sem assunto)',
    en: '(no subject)',
    es: '(sin asunto)',
  },
  'messages.unsub.done': {
    'pt-pt': 'Deixou de receber comunicações de marketing da Bilheteira.',
    en: 'You will no longer receive marketing communications from Bilheteira.',
    es: 'Ya no recibirá comunicaciones de marketing de Bilheteira.',
  },
  'messages.unsub.invalid': {
    'pt-pt': 'Esta ligação de cancelamento de subscrição é inválida.',
    en: 'This unsubscribe link is not valid.',
    es: 'Este enlace para darse de baja no es válido.',
  },
  'messages.marketing_footer': {
    'pt-pt': 'Recebe este e-mail porque aceitou comunicações de marketing. Para deixar de as receber: {url}',
    en: 'You receive this email because you accepted marketing communications. To stop receiving them: {url}',
    es: 'Recibe este correo porque aceptó comunicaciones de marketing. Para dejar de recibirlas: {url}',
  },
});
