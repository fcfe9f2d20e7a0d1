import { defineMessages } from '../../i18n/messages';

/** The back office's refund queue: answers to a decision and why a request did not move. */
export const refundsAdminMessages = defineMessages({
  'backoffice_refunds.decided': {
    'pt-pt': 'Pedidos atualizados: {done} de {total}.',
    en: 'Requests updated: {done} of {total}.',
    es: 'Solicitudes actualizadas: {done} de {total}.',
  },
  'backoffice_refunds.skip_not_approved': {
    'pt-pt': 'Ainda não foi aprovado.',
    en: 'It has not been approved yet.',
    es: 'Aún no se ha aprobado.',
  },
  'backoffice_refunds.skip_approved': {
    'pt-pt': 'Já estava aprovado.',
    en: 'It was already approved.',
    es: 'Ya estaba aprobado.',
  },
  'backoffice_refunds.skip_exported': {
    'pt-pt': 'Já está num ficheiro SEPA enviado ao banco: já não pode ser recusado.',
    en: 'It is already in a SEPA file sent to the bank: it can no longer be rejected.',
    es: 'Ya está en un fichero SEPA enviado al banco: ya no se puede rechazar.',
  },
  'backoffice_refunds.skip_paid': {
    'pt-pt': 'Já foi pago.',
    en: 'It has already been paid.',
    es: 'Ya se ha pagado.',
  },
  'backoffice_refunds.skip_rejected': {
    'pt-pt': 'Já foi recusado.',
    en: 'It has already been rejected.',
    es: 'Ya se ha rechazado.',
  },
});
