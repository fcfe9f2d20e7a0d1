import { defineMessages } from '../../i18n/messages';

export const refundsMessages = defineMessages({
  'refund.not_allowed': {
    'pt-pt': 'Este evento não permite reembolsos do saldo.',
    en: 'This event does not allow balance refunds.',
    es: 'Este evento no permite reembolsos del saldo.',
  },
  'refund.not_yet_available': {
    'pt-pt': 'Os reembolsos ainda não estão disponíveis. Abrem a {date}.',
    en: 'Refunds are not available yet. They open on {date}.',
    es: 'Los reembolsos aún no están disponibles. Se abren el {date}.',
  },
  'refund.deadline_passed': {
    'pt-pt': 'O prazo para pedir o reembolso terminou.',
    en: 'The deadline to request a refund has passed.',
    es: 'El plazo para solicitar el reembolso ha terminado.',
  },
  'refund.nothing_to_refund': {
    'pt-pt': 'Não tem saldo carregado online suficiente para reembolsar (a taxa é de 0,75 €).',
    en: 'You have no online top-up balance large enough to refund (the fee is €0.75).',
    es: 'No tienes saldo recargado online suficiente para reembolsar (la tasa es de 0,75 €).',
  },
  'refund.already_open': {
    'pt-pt': 'Já tem um pedido de reembolso em curso.',
    en: 'You already have a refund request in progress.',
    es: 'Ya tienes una solicitud de reembolso en curso.',
  },
  'refund.quote_changed': {
    'pt-pt': 'O valor a reembolsar mudou entretanto. Confirme o novo valor.',
    en: 'The refund amount has changed meanwhile. Please confirm the new amount.',
    es: 'El importe a reembolsar ha cambiado. Confirma el nuevo importe.',
  },
  'refund.requested': {
    'pt-pt': 'Pedido de reembolso registado. Receberá {amount} no IBAN indicado.',
    en: 'Refund request recorded. You will receive {amount} in the IBAN given.',
    es: 'Solicitud de reembolso registrada. Recibirás {amount} en el IBAN indicado.',
  },
  'refund.not_found': {
    'pt-pt': 'Pedido de reembolso não encontrado.',
    en: 'Refund request not found.',
    es: 'Solicitud de reembolso no encontrada.',
  },
  'refund.bad_transition': {
    'pt-pt': 'Este pedido já não pode passar a esse estado.',
    en: 'This request can no longer move to that state.',
    es: 'Esta solicitud ya no puede pasar a ese estado.',
  },
  'refund.nothing_to_export': {
    'pt-pt': 'Não há reembolsos aprovados por exportar.',
    en: 'There are no approved refunds left to export.',
    es: 'No hay reembolsos aprobados pendientes de exportar.',
  },
  'refund.no_debtor_iban': {
    'pt-pt':
      'O organizador não tem IBAN de pagamentos: sem ele não há ficheiro SEPA. Peça à plataforma que o registe.',
    en: 'The organiser has no payout IBAN: without it there is no SEPA file. Ask the platform to record it.',
    es: 'El organizador no tiene IBAN de pagos: sin él no hay fichero SEPA. Pida a la plataforma que lo registre.',
  },
});
