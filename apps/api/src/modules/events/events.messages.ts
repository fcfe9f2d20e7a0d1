import { defineMessages } from '../../i18n/messages';

export const eventsMessages = defineMessages({
  'event.not_found': {
    'pt-pt': '404 Organizador/Evento não encontrado',
    en: '404 Organizer/Event not found',
    es: '404 Organizador/Evento no encontrado',
  },
  'organizer.not_found': {
    'pt-pt': '404 Organizador/Evento não encontrado',
    en: '404 Organizer/Event not found',
    es: '404 Organizador/Evento no encontrado',
  },
});
