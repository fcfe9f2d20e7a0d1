import { defineMessages } from '../../i18n/messages';

export const organizerRequestMessages = defineMessages({
  'organizer.request_received': {
    'pt-pt':
      'Pedido enviado com sucesso! Enviámos-lhe um e-mail de confirmação e a nossa equipa entrará em contacto consigo em breve.',
    en: 'Request sent successfully! We have emailed you a confirmation and our team will contact you shortly.',
    es: '¡Solicitud enviada correctamente! Le hemos enviado un correo de confirmación y nuestro equipo se pondrá en contacto con usted en breve.',
  },
  'organizer.email_taken': {
    'pt-pt':
      'Já existe um pedido de conta de organizador com este e-mail. A nossa equipa entrará em contacto consigo.',
    en: 'There is already an organiser account request with this email. Our team will contact you.',
    es: 'Ya existe una solicitud de cuenta de organizador con este correo electrónico. Nuestro equipo se pondrá en contacto con usted.',
  },
  'organizer.terms_required': {
    'pt-pt': 'Tem de aceitar os termos e condições.',
    en: 'You must accept the terms and conditions.',
    es: 'Debe aceptar los términos y condiciones.',
  },
  'organizer.password_min': {
    'pt-pt': 'A palavra-passe deve ter pelo menos 8 caracteres.',
    en: 'The password must have at least 8 characters.',
    es: 'La contraseña debe tener al menos 8 caracteres.',
  },
  'organizer.mail_applicant_subject': {
    'pt-pt': 'Recebemos o seu pedido de conta de organizador',
    en: 'We have received your organiser account request',
    es: 'Hemos recibido su solicitud de cuenta de organizador',
  },
  'organizer.mail_applicant_body': {
    'pt-pt':
      'Olá {firstName},\n\nObrigado pelo interesse em vender bilhetes com a Bilheteira. Recebemos o pedido de conta de organizador para {company}.\n\nA nossa equipa vai analisar o pedido e entrará em contacto consigo através deste e-mail ou do telemóvel {mobile}.\n\nSe não fez este pedido, ignore esta mensagem.\n\nA equipa Bilheteira',
    en: 'Hello {firstName},\n\nThank you for your interest in selling tickets with Bilheteira. We have received the organiser account request for {company}.\n\nOur team will review it and contact you at this email or at the mobile number {mobile}.\n\nIf you did not make this request, please ignore this message.\n\nThe Bilheteira team',
    es: 'Hola {firstName}:\n\nGracias por su interés en vender entradas con Bilheteira. Hemos recibido la solicitud de cuenta de organizador para {company}.\n\nNuestro equipo la revisará y se pondrá en contacto con usted por este correo o en el móvil {mobile}.\n\nSi no ha hecho esta solicitud, ignore este mensaje.\n\nEl equipo de Bilheteira',
  },
  'organizer.mail_operator_subject': {
    'pt-pt': 'Novo pedido de conta de organizador: {company}',
    en: 'New organiser account request: {company}',
    es: 'Nueva solicitud de cuenta de organizador: {company}',
  },
  'organizer.mail_operator_body': {
    'pt-pt':
      'Novo pedido de conta de organizador (n.º {id}).\n\nNome: {firstName} {lastName}\nEmpresa: {company}\nE-mail: {email}\nTelemóvel: {mobile}\nIdioma: {lang}\nTermos aceites: sim\n\nDescrição:\n{description}',
    en: 'New organiser account request (no. {id}).\n\nName: {firstName} {lastName}\nCompany: {company}\nEmail: {email}\nMobile: {mobile}\nLanguage: {lang}\nTerms accepted: yes\n\nDescription:\n{description}',
    es: 'Nueva solicitud de cuenta de organizador (n.º {id}).\n\nNombre: {firstName} {lastName}\nEmpresa: {company}\nCorreo electrónico: {email}\nMóvil: {mobile}\nIdioma: {lang}\nTérminos aceptados: sí\n\nDescripción:\n{description}',
  },
});
