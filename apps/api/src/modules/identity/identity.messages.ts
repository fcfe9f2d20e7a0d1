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
});
