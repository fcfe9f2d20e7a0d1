import { defineMessages } from '../../i18n/messages';

/** What the customer is told at each step of a wallet refund request (email). */
export const refundNoticeMessages = defineMessages({
  'refund_notice.approved_subject': {
    'pt-pt': 'Reembolso aprovado: {event}',
    en: 'Refund approved: {event}',
    es: 'Reembolso aprobado: {event}',
  },
  'refund_notice.approved_body': {
    'pt-pt':
      'Olá {name},\n\nO seu pedido de reembolso do saldo da carteira de {event} foi aprovado. Vamos transferir {amount} para o IBAN {iban} nos próximos dias úteis; avisamos quando a transferência for feita.\n\nObrigado.',
    en: 'Hello {name},\n\nYour request to refund the wallet balance of {event} has been approved. We will transfer {amount} to the IBAN {iban} in the next few working days, and let you know when the transfer is made.\n\nThank you.',
    es: 'Hola {name},\n\nSu solicitud de reembolso del saldo del monedero de {event} ha sido aprobada. Transferiremos {amount} al IBAN {iban} en los próximos días hábiles y le avisaremos cuando se haga la transferencia.\n\nGracias.',
  },
  'refund_notice.rejected_subject': {
    'pt-pt': 'Pedido de reembolso recusado: {event}',
    en: 'Refund request declined: {event}',
    es: 'Solicitud de reembolso rechazada: {event}',
  },
  'refund_notice.rejected_body': {
    'pt-pt':
      'Olá {name},\n\nO seu pedido de reembolso do saldo da carteira de {event} foi recusado.\n{reason}O valor pedido e a taxa ({back}) voltaram ao saldo da sua carteira deste evento: pode usá-lo no evento ou, enquanto o prazo de reembolsos estiver aberto, fazer um novo pedido.',
    en: "Hello {name},\n\nYour request to refund the wallet balance of {event} has been declined.\n{reason}The amount asked and the fee ({back}) are back in your wallet's balance for this event: you can spend it at the event or, while refunds are open, make a new request.",
    es: 'Hola {name},\n\nSu solicitud de reembolso del saldo del monedero de {event} ha sido rechazada.\n{reason}El importe pedido y la tasa ({back}) han vuelto al saldo de su monedero de este evento: puede usarlo en el evento o, mientras los reembolsos estén abiertos, hacer una nueva solicitud.',
  },
  'refund_notice.reason': {
    'pt-pt': 'Motivo: {reason}\n',
    en: 'Reason: {reason}\n',
    es: 'Motivo: {reason}\n',
  },
  'refund_notice.paid_subject': {
    'pt-pt': 'Reembolso transferido: {event}',
    en: 'Refund transferred: {event}',
    es: 'Reembolso transferido: {event}',
  },
  'refund_notice.paid_body': {
    'pt-pt':
      'Olá {name},\n\nTransferimos {amount} para o IBAN {iban}: o reembolso do saldo da carteira de {event}. Pode demorar até dois dias úteis a aparecer na sua conta.\n\nObrigado.',
    en: 'Hello {name},\n\nWe have transferred {amount} to the IBAN {iban}: the refund of your wallet balance of {event}. It may take up to two working days to show in your account.\n\nThank you.',
    es: 'Hola {name},\n\nHemos transferido {amount} al IBAN {iban}: el reembolso del saldo del monedero de {event}. Puede tardar hasta dos días hábiles en aparecer en su cuenta.\n\nGracias.',
  },
});
