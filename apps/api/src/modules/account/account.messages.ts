import { defineMessages } from '../../i18n/messages';

export const accountMessages = defineMessages({
  'account.update.success': {
    'pt-pt': 'Registo atualizado',
    en: 'Registration Updated',
    es: 'Registro actualizado',
  },
  'account.update.required': {
    'pt-pt': 'Preencha os campos obrigatórios',
    en: 'Fill in the required fields',
    es: 'Rellene los campos obligatorios',
  },
  'account.update.invalid': {
    'pt-pt': 'Verifique os campos assinalados.',
    en: 'Please check the marked fields.',
    es: 'Revise los campos señalados.',
  },
  'account.toggles.saved': {
    'pt-pt': 'Preferência guardada.',
    en: 'Preference saved.',
    es: 'Preferencia guardada.',
  },
  'account.validation.birthday': {
    'pt-pt': 'Data de nascimento inválida.',
    en: 'Invalid date of birth.',
    es: 'Fecha de nacimiento no válida.',
  },
  'account.validation.postal_code': {
    'pt-pt': 'Código postal inválido (ex.: 1000-001).',
    en: 'Invalid postal code (e.g. 1000-001).',
    es: 'Código postal no válido (p. ej. 1000-001).',
  },
  'account.validation.message_short': {
    'pt-pt': 'A mensagem é demasiado curta.',
    en: 'The message is too short.',
    es: 'El mensaje es demasiado corto.',
  },
  'account.mobile.code_required': {
    'pt-pt': 'Para mudar o telemóvel, introduza o código enviado por SMS para o novo número.',
    en: 'To change your mobile number, enter the code sent by SMS to the new number.',
    es: 'Para cambiar el móvil, introduzca el código enviado por SMS al nuevo número.',
  },
  'account.mobile.code_invalid': {
    'pt-pt': 'Código SMS inválido ou expirado.',
    en: 'Invalid or expired SMS code.',
    es: 'Código SMS no válido o caducado.',
  },
  'account.mobile.code_sent': {
    'pt-pt': 'Enviámos um código por SMS para {mobile}.',
    en: 'We sent a code by SMS to {mobile}.',
    es: 'Hemos enviado un código por SMS a {mobile}.',
  },
  'account.mobile.same': {
    'pt-pt': 'Este já é o seu número de telemóvel.',
    en: 'This is already your mobile number.',
    es: 'Este ya es su número de móvil.',
  },
  'account.mobile.taken': {
    'pt-pt': 'Este número de telemóvel já está associado a outra conta.',
    en: 'This mobile number belongs to another account.',
    es: 'Este número de móvil pertenece a otra cuenta.',
  },
  'account.mobile.sms': {
    'pt-pt': 'Bilheteira: o seu código para confirmar o novo telemóvel é {code}. Válido 10 minutos.',
    en: 'Bilheteira: your code to confirm the new mobile number is {code}. Valid for 10 minutes.',
    es: 'Bilheteira: su código para confirmar el nuevo móvil es {code}. Válido 10 minutos.',
  },
  'account.calendar.description': {
    'pt-pt': 'Bilhetes e carteira: {url}',
    en: 'Tickets and wallet: {url}',
    es: 'Entradas y monedero: {url}',
  },
});
