import { defineMessages } from '../../i18n/messages';

export const ticketsMessages = defineMessages({
  'ticket.not_found': {
    'pt-pt': 'Bilhete não encontrado.',
    en: 'Ticket not found.',
    es: 'Entrada no encontrada.',
  },
  'ticket.not_transferable': {
    'pt-pt': 'Este bilhete já não pode ser transferido: só bilhetes válidos e ainda não usados.',
    en: 'This ticket can no longer be transferred: only valid, unused tickets can.',
    es: 'Esta entrada ya no se puede transferir: solo entradas válidas y aún no usadas.',
  },
  'ticket.transfers_off': {
    'pt-pt': 'O organizador não permite transferir bilhetes deste evento.',
    en: 'The organiser does not allow tickets of this event to be transferred.',
    es: 'El organizador no permite transferir entradas de este evento.',
  },
  'ticket.transfer_closed': {
    'pt-pt': 'As transferências deste evento fecharam {hours} horas antes da abertura de portas.',
    en: 'Transfers for this event closed {hours} hours before the doors open.',
    es: 'Las transferencias de este evento cerraron {hours} horas antes de la apertura de puertas.',
  },
  'ticket.transfer_limit': {
    'pt-pt': 'Este bilhete já foi transferido o número máximo de vezes ({count}).',
    en: 'This ticket has already been transferred the maximum number of times ({count}).',
    es: 'Esta entrada ya se transfirió el número máximo de veces ({count}).',
  },
  'ticket.transfer_to_self': {
    'pt-pt': 'Não pode transferir um bilhete para o seu próprio número.',
    en: 'You cannot transfer a ticket to your own number.',
    es: 'No puede transferir una entrada a su propio número.',
  },
  'ticket.transfer_success': {
    'pt-pt': 'Bilhete transferido para {mobile}. O destinatário já o vê na sua conta.',
    en: 'Ticket transferred to {mobile}. The recipient can already see it in their account.',
    es: 'Entrada transferida a {mobile}. El destinatario ya la ve en su cuenta.',
  },
  'ticket.transfer_success_pending': {
    'pt-pt':
      'Bilhete transferido para {mobile}. Enviámos um SMS: o bilhete aparece na conta quando o destinatário se registar com este número.',
    en: 'Ticket transferred to {mobile}. We sent a text message: the ticket appears once the recipient registers with this number.',
    es: 'Entrada transferida a {mobile}. Enviamos un SMS: la entrada aparecerá cuando el destinatario se registre con este número.',
  },
  'ticket.transfer_sms': {
    'pt-pt': 'Bilheteira: {sender} enviou-lhe um bilhete "{ticket}" para {event}. Veja-o em {url}',
    en: 'Bilheteira: {sender} sent you a "{ticket}" ticket for {event}. See it at {url}',
    es: 'Bilheteira: {sender} le ha enviado una entrada "{ticket}" para {event}. Véala en {url}',
  },
  'ticket.transfer_sms_pending': {
    'pt-pt':
      'Bilheteira: {sender} enviou-lhe um bilhete "{ticket}" para {event}. Crie a sua conta com este número em {url} para o ver.',
    en: 'Bilheteira: {sender} sent you a "{ticket}" ticket for {event}. Create your account with this number at {url} to see it.',
    es: 'Bilheteira: {sender} le ha enviado una entrada "{ticket}" para {event}. Cree su cuenta con este número en {url} para verla.',
  },
});
