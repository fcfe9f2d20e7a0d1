import { defineMessages } from '../../i18n/messages';

export const gdprMessages = defineMessages({
  'gdpr.portable.ready': {
    'pt-pt': 'O ficheiro com os seus dados está pronto para descarregar.',
    en: 'The file with your data is ready to download.',
    es: 'El archivo con sus datos está listo para descargar.',
  },
  'gdpr.forget.error': {
    'pt-pt': 'Ocorreu um erro ao pedir o esquecimento dos dados',
    en: 'An error occurred while requesting forgetting',
    es: 'Se produjo un error al solicitar el olvido de los datos',
  },
  'gdpr.forget.open_refund': {
    'pt-pt':
      'Tem um reembolso da carteira em curso. Aguarde que seja pago antes de pedir o esquecimento dos dados.',
    en: 'You have a wallet refund in progress. Wait until it is paid before asking us to forget your data.',
    es: 'Tiene un reembolso del monedero en curso. Espere a que se pague antes de solicitar el olvido de sus datos.',
  },
  'gdpr.forget.requested': {
    'pt-pt': 'Enviámos uma ligação de confirmação para {target}. Abra-a para concluir o pedido.',
    en: 'We sent a confirmation link to {target}. Open it to complete the request.',
    es: 'Hemos enviado un enlace de confirmación a {target}. Ábralo para completar la solicitud.',
  },
  'gdpr.forget.link_invalid': {
    'pt-pt': 'A ligação de confirmação é inválida ou expirou. Peça uma nova.',
    en: 'The confirmation link is invalid or has expired. Ask for a new one.',
    es: 'El enlace de confirmación no es válido o ha caducado. Solicite uno nuevo.',
  },
  'gdpr.forget.done': {
    'pt-pt': 'Os seus dados pessoais foram apagados e todas as sessões foram terminadas.',
    en: 'Your personal data has been erased and every session has been ended.',
    es: 'Sus datos personales se han borrado y se han cerrado todas las sesiones.',
  },
  'gdpr.forget.email_subject': {
    'pt-pt': 'Confirme o pedido para esquecer os seus dados',
    en: 'Confirm your request to forget your data',
    es: 'Confirme su solicitud para olvidar sus datos',
  },
  'gdpr.forget.email_body': {
    'pt-pt':
      'Olá {name},\n\nRecebemos um pedido para apagar os seus dados pessoais da Bilheteira. Para confirmar, abra esta ligação (válida 24 horas):\n\n{link}\n\nDepois da confirmação, a sua conta deixa de existir, os bilhetes de eventos futuros são cancelados e não é possível recuperar nada. As faturas e encomendas são guardadas de forma anónima durante o prazo legal.\n\nSe não fez este pedido, ignore este e-mail.',
    en: 'Hello {name},\n\nWe received a request to erase your personal data from Bilheteira. To confirm, open this link (valid for 24 hours):\n\n{link}\n\nOnce confirmed, your account no longer exists, tickets for future events are cancelled and nothing can be recovered. Invoices and orders are kept anonymously for the legal retention period.\n\nIf you did not ask for this, ignore this email.',
    es: 'Hola {name}:\n\nHemos recibido una solicitud para borrar sus datos personales de Bilheteira. Para confirmarla, abra este enlace (válido 24 horas):\n\n{link}\n\nTras la confirmación, su cuenta deja de existir, las entradas de eventos futuros se cancelan y no se puede recuperar nada. Las facturas y pedidos se conservan de forma anónima durante el plazo legal.\n\nSi no ha hecho esta solicitud, ignore este correo.',
  },
  'gdpr.forget.sms_body': {
    'pt-pt': 'Bilheteira: confirme o pedido para apagar os seus dados em {link} (válido 24 h).',
    en: 'Bilheteira: confirm the request to erase your data at {link} (valid 24 h).',
    es: 'Bilheteira: confirme la solicitud para borrar sus datos en {link} (válido 24 h).',
  },
});
