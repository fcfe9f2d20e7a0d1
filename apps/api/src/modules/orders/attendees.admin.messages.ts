import { defineMessages } from '../../i18n/messages';

/** The attendee exports' column headings and cell words, in the requester's language. */
export const attendeeExportMessages = defineMessages({
  'attendees.col.ticket': { 'pt-pt': 'Bilhete', en: 'Ticket', es: 'Entrada' },
  'attendees.col.name': { 'pt-pt': 'Nome', en: 'Name', es: 'Nombre' },
  'attendees.col.email': { 'pt-pt': 'Email', en: 'Email', es: 'Correo electrónico' },
  'attendees.col.mobile': { 'pt-pt': 'Telemóvel', en: 'Mobile', es: 'Móvil' },
  'attendees.col.type': { 'pt-pt': 'Tipo de bilhete', en: 'Ticket type', es: 'Tipo de entrada' },
  'attendees.col.session': { 'pt-pt': 'Sessão / dias', en: 'Session / days', es: 'Sesión / días' },
  'attendees.col.order': { 'pt-pt': 'Encomenda', en: 'Order', es: 'Pedido' },
  'attendees.col.status': { 'pt-pt': 'Estado', en: 'Status', es: 'Estado' },
  'attendees.col.issued': { 'pt-pt': 'Emitido em', en: 'Issued at', es: 'Emitida el' },
  'attendees.col.checkins': { 'pt-pt': 'Entradas', en: 'Check-ins', es: 'Accesos' },
  'attendees.col.last_checkin': { 'pt-pt': 'Última entrada', en: 'Last check-in', es: 'Último acceso' },
  'attendees.col.gate': { 'pt-pt': 'Porta', en: 'Gate', es: 'Puerta' },
  'attendees.status.active': { 'pt-pt': 'Válido', en: 'Valid', es: 'Válida' },
  'attendees.status.canceled': { 'pt-pt': 'Cancelado', en: 'Cancelled', es: 'Cancelada' },
  'attendees.status.transfer_pending': {
    'pt-pt': 'Transferência pendente',
    en: 'Transfer pending',
    es: 'Transferencia pendiente',
  },
  'attendees.erased': { 'pt-pt': '(dados apagados)', en: '(data erased)', es: '(datos borrados)' },
  'attendees.sheet': { 'pt-pt': 'Participantes', en: 'Attendees', es: 'Asistentes' },
  'attendees.file': { 'pt-pt': 'participantes', en: 'attendees', es: 'asistentes' },
});
