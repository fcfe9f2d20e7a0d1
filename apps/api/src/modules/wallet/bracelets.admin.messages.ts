import { defineMessages } from '../../i18n/messages';

export const braceletAdminMessages = defineMessages({
  'backoffice_bracelet.blocked': {
    'pt-pt': 'Pulseira bloqueada: os postos recusam-na a partir de agora.',
    en: 'Bracelet blocked: stations refuse it from now on.',
    es: 'Pulsera bloqueada: los puntos de venta la rechazan a partir de ahora.',
  },
  'backoffice_bracelet.unblocked': {
    'pt-pt': 'Pulseira desbloqueada.',
    en: 'Bracelet unblocked.',
    es: 'Pulsera desbloqueada.',
  },
});
