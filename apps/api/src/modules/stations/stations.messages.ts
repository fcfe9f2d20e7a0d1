import { defineMessages } from '../../i18n/messages';

export const stationsMessages = defineMessages({
  'station.unauthorized': {
    'pt-pt': 'Chave de posto inválida ou desativada.',
    en: 'Invalid or disabled station key.',
    es: 'Clave de terminal no válida o desactivada.',
  },
  'station.bracelet_not_found': {
    'pt-pt': 'Pulseira desconhecida neste evento.',
    en: 'Unknown bracelet at this event.',
    es: 'Pulsera desconocida en este evento.',
  },
  'station.busy': {
    'pt-pt': 'A pulseira está a ser alterada neste momento. Tente novamente.',
    en: 'The bracelet is being changed right now. Please try again.',
    es: 'La pulsera se está modificando en este momento. Inténtelo de nuevo.',
  },
});
