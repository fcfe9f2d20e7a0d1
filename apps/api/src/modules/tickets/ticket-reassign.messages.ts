import { defineMessages } from '../../i18n/messages';

export const ticketReassignMessages = defineMessages({
  'backoffice_reassign.not_found': {
    'pt-pt': 'Bilhete não encontrado nesta encomenda.',
    en: 'Ticket not found in this order.',
    es: 'Entrada no encontrada en este pedido.',
  },
  'backoffice_reassign.used': {
    'pt-pt': 'Este bilhete já foi usado à entrada: não pode ser reatribuído.',
    en: 'This ticket has already been used at the door: it cannot be reassigned.',
    es: 'Esta entrada ya se ha usado en la puerta: no se puede reasignar.',
  },
  'backoffice_reassign.cancelled': {
    'pt-pt': 'Este bilhete foi cancelado: não pode ser reatribuído.',
    en: 'This ticket was cancelled: it cannot be reassigned.',
    es: 'Esta entrada se ha cancelado: no se puede reasignar.',
  },
  'backoffice_reassign.same_holder': {
    'pt-pt': 'Este bilhete já é deste número.',
    en: 'This ticket already belongs to this number.',
    es: 'Esta entrada ya es de este número.',
  },
  'backoffice_reassign.taken_sms': {
    'pt-pt':
      'Bilheteira: {organizer} atribuiu o seu bilhete "{ticket}" para {event} a outra pessoa. Já não dá entrada.',
    en: 'Bilheteira: {organizer} gave your "{ticket}" ticket for {event} to someone else. It no longer admits you.',
    es: 'Bilheteira: {organizer} ha asignado su entrada "{ticket}" para {event} a otra persona. Ya no le da acceso.',
  },
  'backoffice_reassign.done': {
    'pt-pt': 'Bilhete reatribuído a {mobile}: enviámos-lhe um SMS.',
    en: 'Ticket reassigned to {mobile}: we sent them a text message.',
    es: 'Entrada reasignada a {mobile}: le hemos enviado un SMS.',
  },
  'backoffice_reassign.done_pending': {
    'pt-pt': 'Bilhete reatribuído a {mobile}: recebe-o ao criar conta com este número (enviámos-lhe um SMS).',
    en: 'Ticket reassigned to {mobile}: they get it when they sign up with this number (we sent them a text message).',
    es: 'Entrada reasignada a {mobile}: la recibe al crear su cuenta con este número (le hemos enviado un SMS).',
  },
});
