import { defineMessages } from '../../i18n/messages';

export const dashboardMessages = defineMessages({
  'dashboard.too_many_streams': {
    'pt-pt': 'Tem demasiados painéis abertos em direto. Feche um separador e tente de novo.',
    en: 'You have too many live dashboards open. Close a tab and try again.',
    es: 'Tiene demasiados paneles abiertos en directo. Cierre una pestaña e inténtelo de nuevo.',
  },
});
