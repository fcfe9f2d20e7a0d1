import { defineMessages } from '../../i18n/messages';

export const identityMessages = defineMessages({
  'login.mobile_ok': {
    'pt-pt': 'Introduza a sua palavra-passe.',
    en: 'Enter your password.',
    es: 'Introduzca su contraseña.',
  },
  'login.mobile_unknown': {
    'pt-pt': 'Não existe conta com este número. Pode registar-se.',
    en: 'There is no account with this number. You can register.',
    es: 'No existe ninguna cuenta con este número. Puede registrarse.',
  },
  'login.success': {
    'pt-pt': 'Sessão iniciada com sucesso.',
    en: 'Logged in successfully.',
    es: 'Sesión iniciada correctamente.',
  },
  'login.invalid_credentials': {
    'pt-pt': 'Telemóvel ou palavra-passe incorretos.',
    en: 'Wrong mobile number or password.',
    es: 'Móvil o contraseña incorrectos.',
  },
  'login.not_activated': {
    'pt-pt': 'A conta ainda não foi ativada. Confirme o código enviado por SMS.',
    en: 'The account is not activated yet. Confirm the code sent by SMS.',
    es: 'La cuenta aún no está activada. Confirme el código enviado por SMS.',
  },
  'logout.success': {
    'pt-pt': 'Sessão terminada.',
    en: 'Logged out.',
    es: 'Sesión cerrada.',
  },
  'identity.impersonation_forbidden': {
    'pt-pt': 'Não é permitido numa sessão de apoio ao cliente: só o próprio cliente o pode fazer.',
    en: 'Not allowed in a customer-support session: only the customer can do this.',
    es: 'No está permitido en una sesión de atención al cliente: solo el propio cliente puede hacerlo.',
  },
  'identity.register.code_sent': {
    'pt-pt':
      'Enviámos um código de 6 dígitos por SMS para {mobile} e uma ligação de confirmação para {email}.',
    en: 'We sent a 6-digit code by SMS to {mobile} and a confirmation link to {email}.',
    es: 'Hemos enviado un código de 6 dígitos por SMS a {mobile} y un enlace de confirmación a {email}.',
  },
  'identity.register.mobile_taken': {
    'pt-pt': 'Já existe uma conta com este número de telemóvel. Inicie sessão ou recupere a palavra-passe.',
    en: 'An account with this mobile number already exists. Log in or recover your password.',
    es: 'Ya existe una cuenta con este número de móvil. Inicie sesión o recupere la contraseña.',
  },
  'identity.activate.success': {
    'pt-pt': 'Conta ativada. Bem-vindo(a), {name}!',
    en: 'Account activated. Welcome, {name}!',
    es: 'Cuenta activada. ¡Bienvenido/a, {name}!',
  },
  'identity.activate.not_pending': {
    'pt-pt': 'Não há nenhuma conta por ativar com este número.',
    en: 'There is no account awaiting activation with this number.',
    es: 'No hay ninguna cuenta pendiente de activación con este número.',
  },
  'identity.code.invalid': {
    'pt-pt': 'Código incorreto. Restam {remaining} tentativas.',
    en: 'Wrong code. {remaining} attempts left.',
    es: 'Código incorrecto. Quedan {remaining} intentos.',
  },
  'identity.code.expired': {
    'pt-pt': 'O código expirou ou já foi usado. Peça um novo código.',
    en: 'The code has expired or was already used. Ask for a new code.',
    es: 'El código ha caducado o ya se ha usado. Solicite un código nuevo.',
  },
  'identity.code.locked': {
    'pt-pt': 'Demasiadas tentativas erradas: este código deixou de ser válido. Peça um novo código.',
    en: 'Too many wrong attempts: this code is no longer valid. Ask for a new code.',
    es: 'Demasiados intentos fallidos: este código ya no es válido. Solicite un código nuevo.',
  },
  'identity.code.resend_wait': {
    'pt-pt': 'Aguarde {seconds} segundos antes de pedir um novo código.',
    en: 'Wait {seconds} seconds before asking for a new code.',
    es: 'Espere {seconds} segundos antes de solicitar un código nuevo.',
  },
  'identity.code.resent': {
    'pt-pt': 'Enviámos um novo código por SMS para {mobile}.',
    en: 'We sent a new code by SMS to {mobile}.',
    es: 'Hemos enviado un código nuevo por SMS a {mobile}.',
  },
  'identity.email.confirmed': {
    'pt-pt': 'E-mail confirmado. Obrigado!',
    en: 'Email confirmed. Thank you!',
    es: 'Correo confirmado. ¡Gracias!',
  },
  'identity.email.already_confirmed': {
    'pt-pt': 'Este e-mail já estava confirmado. Não precisa de fazer mais nada.',
    en: 'This email was already confirmed. There is nothing more to do.',
    es: 'Este correo ya estaba confirmado. No tiene que hacer nada más.',
  },
  'identity.link.expired': {
    'pt-pt': 'Esta ligação expirou. Peça uma nova.',
    en: 'This link has expired. Ask for a new one.',
    es: 'Este enlace ha caducado. Solicite uno nuevo.',
  },
  'identity.link.live': {
    'pt-pt': 'A ligação é válida.',
    en: 'The link is valid.',
    es: 'El enlace es válido.',
  },
  'identity.link.used': {
    'pt-pt': 'Esta ligação já foi usada. Se precisar, peça uma nova.',
    en: 'This link was already used. Ask for a new one if you need to.',
    es: 'Este enlace ya se ha usado. Si lo necesita, solicite uno nuevo.',
  },
  'identity.link.invalid': {
    'pt-pt': 'Esta ligação é inválida, expirou ou já foi usada. Peça uma nova.',
    en: 'This link is invalid, has expired or was already used. Ask for a new one.',
    es: 'Este enlace no es válido, ha caducado o ya se ha usado. Solicite uno nuevo.',
  },
  'identity.password.reset_requested': {
    'pt-pt':
      'Se existir uma conta com este número, enviámos para o e-mail associado uma ligação para definir uma nova palavra-passe (válida durante 1 hora).',
    en: 'If an account exists with this number, we sent a link to its email to set a new password (valid for 1 hour).',
    es: 'Si existe una cuenta con este número, hemos enviado a su correo un enlace para establecer una nueva contraseña (válido durante 1 hora).',
  },
  'identity.password.reset_done': {
    'pt-pt':
      'Palavra-passe alterada. Todas as sessões foram terminadas: inicie sessão com a nova palavra-passe.',
    en: 'Password changed. Every session was ended: log in with the new password.',
    es: 'Contraseña cambiada. Se han cerrado todas las sesiones: inicie sesión con la nueva contraseña.',
  },
  'identity.password.changed': {
    'pt-pt': 'Palavra-passe alterada. As sessões noutros dispositivos foram terminadas.',
    en: 'Password changed. Sessions on other devices were ended.',
    es: 'Contraseña cambiada. Se han cerrado las sesiones en otros dispositivos.',
  },
  'identity.password.wrong_old': {
    'pt-pt': 'A palavra-passe atual está incorreta.',
    en: 'The current password is wrong.',
    es: 'La contraseña actual es incorrecta.',
  },
  'identity.impersonation.started': {
    'pt-pt': 'Sessão de suporte iniciada.',
    en: 'Support session started.',
    es: 'Sesión de soporte iniciada.',
  },
  'identity.impersonation.unknown_customer': {
    'pt-pt': 'Não existe nenhum cliente com este número.',
    en: 'There is no customer with this number.',
    es: 'No existe ningún cliente con este número.',
  },
  'identity.operator.invalid_key': {
    'pt-pt': 'Chave de operador inválida.',
    en: 'Invalid operator key.',
    es: 'Clave de operador no válida.',
  },
  'identity.operator.disabled': {
    'pt-pt': 'A API de operador está desligada (OPERATOR_KEY não configurada).',
    en: 'The operator API is off (OPERATOR_KEY is not set).',
    es: 'La API de operador está desactivada (OPERATOR_KEY no configurada).',
  },
  'validation.password_min': {
    'pt-pt': 'A palavra-passe deve ter pelo menos 8 caracteres.',
    en: 'The password must have at least 8 characters.',
    es: 'La contraseña debe tener al menos 8 caracteres.',
  },
  'validation.passwords_match': {
    'pt-pt': 'As palavras-passe não coincidem.',
    en: 'Passwords do not match.',
    es: 'Las contraseñas no coinciden.',
  },
  'validation.accept_terms': {
    'pt-pt': 'Tem de aceitar os termos e a política de privacidade.',
    en: 'You must accept the terms and the privacy policy.',
    es: 'Debe aceptar los términos y la política de privacidad.',
  },
  'validation.birthday': {
    'pt-pt': 'Data de nascimento inválida.',
    en: 'Invalid date of birth.',
    es: 'Fecha de nacimiento no válida.',
  },
  'validation.sms_code': {
    'pt-pt': 'O código tem 6 dígitos.',
    en: 'The code has 6 digits.',
    es: 'El código tiene 6 dígitos.',
  },
  'validation.link_token': {
    'pt-pt': 'Ligação inválida.',
    en: 'Invalid link.',
    es: 'Enlace no válido.',
  },
  'identity.sms.activation': {
    'pt-pt':
      'Bilheteira: o seu código de ativação é {code}. É válido durante 10 minutos. Não o partilhe com ninguém.',
    en: 'Bilheteira: your activation code is {code}. It is valid for 10 minutes. Do not share it with anyone.',
    es: 'Bilheteira: su código de activación es {code}. Es válido durante 10 minutos. No lo comparta con nadie.',
  },
  'identity.email.confirm.subject': {
    'pt-pt': 'Confirme o seu e-mail na Bilheteira',
    en: 'Confirm your email at Bilheteira',
    es: 'Confirme su correo en Bilheteira',
  },
  'identity.email.confirm.body': {
    'pt-pt':
      'Olá {name},\n\nObrigado por criar conta na Bilheteira. Confirme o seu e-mail abrindo esta ligação:\n\n{link}\n\nSe não foi você, ignore esta mensagem.',
    en: 'Hello {name},\n\nThank you for creating a Bilheteira account. Confirm your email by opening this link:\n\n{link}\n\nIf this was not you, ignore this message.',
    es: 'Hola {name}:\n\nGracias por crear una cuenta en Bilheteira. Confirme su correo abriendo este enlace:\n\n{link}\n\nSi no ha sido usted, ignore este mensaje.',
  },
  'identity.email.reset.subject': {
    'pt-pt': 'Definir nova palavra-passe na Bilheteira',
    en: 'Set a new password at Bilheteira',
    es: 'Establecer nueva contraseña en Bilheteira',
  },
  'identity.email.reset.body': {
    'pt-pt':
      'Olá {name},\n\nPediu para definir uma nova palavra-passe. Abra esta ligação (válida durante 1 hora, só pode ser usada uma vez):\n\n{link}\n\nAo definir a nova palavra-passe, todas as sessões abertas serão terminadas. Se não foi você, ignore esta mensagem: a sua palavra-passe não muda.',
    en: 'Hello {name},\n\nYou asked to set a new password. Open this link (valid for 1 hour, single use):\n\n{link}\n\nSetting the new password ends every open session. If this was not you, ignore this message: your password does not change.',
    es: 'Hola {name}:\n\nHa solicitado establecer una nueva contraseña. Abra este enlace (válido durante 1 hora, de un solo uso):\n\n{link}\n\nAl establecer la nueva contraseña se cerrarán todas las sesiones abiertas. Si no ha sido usted, ignore este mensaje: su contraseña no cambia.',
  },
  'identity.sms.reset': {
    'pt-pt': 'Bilheteira: defina uma nova palavra-passe em {link} (válida 1 hora, uso único).',
    en: 'Bilheteira: set a new password at {link} (valid 1 hour, single use).',
    es: 'Bilheteira: establezca una nueva contraseña en {link} (válido 1 hora, un solo uso).',
  },
});
