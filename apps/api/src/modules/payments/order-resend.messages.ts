import { defineMessages } from '../../i18n/messages';

export const orderResendMessages = defineMessages({
  'backoffice_orders.not_paid': {
    'pt-pt': 'Só é possível reenviar os bilhetes de uma encomenda paga.',
    en: 'Tickets can only be sent again for a paid order.',
    es: 'Solo se pueden reenviar las entradas de un pedido pagado.',
  },
  'backoffice_orders.no_email': {
    'pt-pt': 'O comprador não tem email: não há para onde reenviar os bilhetes.',
    en: 'The buyer has no email: there is nowhere to send the tickets.',
    es: 'El comprador no tiene correo electrónico: no hay adónde reenviar las entradas.',
  },
  'backoffice_orders.resent': {
    'pt-pt': 'Bilhetes reenviados para {email}.',
    en: 'Tickets sent again to {email}.',
    es: 'Entradas reenviadas a {email}.',
  },
});
