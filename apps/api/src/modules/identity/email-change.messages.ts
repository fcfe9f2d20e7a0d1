import { defineMessages } from '../../i18n/messages';

export const emailChangeMessages = defineMessages({
  'identity.email.taken': {
    'pt-pt': 'Este e-mail já está a ser usado noutra conta. Use outro e-mail.',
    en: 'This email is already in use by another account. Please use another email.',
    es: 'Este correo ya se usa en otra cuenta. Use otro correo.',
  },
  'identity.email.change_sent': {
    'pt-pt':
      'Dados guardados. Enviámos uma ligação de confirmação para {email}: o novo e-mail só passa a ser usado depois de confirmado.',
    en: 'Details saved. We sent a confirmation link to {email}: the new email is used only once it is confirmed.',
    es: 'Datos guardados. Enviamos un enlace de confirmación a {email}: el nuevo correo solo se usará cuando esté confirmado.',
  },
  'identity.email.change.subject': {
    'pt-pt': 'Confirme o novo e-mail da sua conta Bilheteira',
    en: 'Confirm the new email of your Bilheteira account',
    es: 'Confirme el nuevo correo de su cuenta Bilheteira',
  },
  'identity.email.change.body': {
    'pt-pt':
      'Olá {name},\n\nPediram para usar este endereço na conta Bilheteira. Para o confirmar, abra esta ligação:\n\n{link}\n\nAté lá, continuamos a escrever para o e-mail anterior. Se não foi você, ignore esta mensagem.',
    en: 'Hello {name},\n\nSomeone asked to use this address for a Bilheteira account. To confirm it, open this link:\n\n{link}\n\nUntil then we keep writing to the previous email. If this was not you, ignore this message.',
    es: 'Hola {name}:\n\nSe ha pedido usar esta dirección en una cuenta Bilheteira. Para confirmarla, abra este enlace:\n\n{link}\n\nHasta entonces seguimos escribiendo al correo anterior. Si no ha sido usted, ignore este mensaje.',
  },
  'identity.email.change_notice.subject': {
    'pt-pt': 'O e-mail da sua conta Bilheteira vai mudar',
    en: 'The email of your Bilheteira account is about to change',
    es: 'El correo de su cuenta Bilheteira va a cambiar',
  },
  'identity.email.change_notice.body': {
    'pt-pt':
      'Olá {name},\n\nFoi pedido que a sua conta Bilheteira passe a usar o e-mail {email}. A mudança só acontece quando esse endereço a confirmar; até lá, recibos, bilhetes e ligações de recuperação continuam a vir para este e-mail.\n\nSe não foi você, mude a sua palavra-passe e escreva-nos para {support}.',
    en: 'Hello {name},\n\nSomeone asked for your Bilheteira account to use the email {email}. The change happens only once that address confirms it; until then receipts, tickets and recovery links keep coming to this email.\n\nIf this was not you, change your password and write to us at {support}.',
    es: 'Hola {name}:\n\nSe ha pedido que su cuenta Bilheteira use el correo {email}. El cambio solo se produce cuando esa dirección lo confirme; hasta entonces, recibos, entradas y enlaces de recuperación siguen llegando a este correo.\n\nSi no ha sido usted, cambie su contraseña y escríbanos a {support}.',
  },
});
