import { defineMessages } from '../../i18n/messages';

export const contactMessages = defineMessages({
  'contact.received': {
    'pt-pt': 'Obrigado pela sua mensagem. A nossa equipa de apoio responde por email em até 2 dias úteis.',
    en: 'Thank you for your message. Our support team will answer by email within 2 working days.',
    es: 'Gracias por su mensaje. Nuestro equipo de soporte le responderá por correo en un plazo de 2 días laborables.',
  },
  'contact.consent_required': {
    'pt-pt': 'Tem de autorizar o tratamento dos seus dados para podermos responder.',
    en: 'You must allow us to process your data so we can answer.',
    es: 'Debe autorizar el tratamiento de sus datos para que podamos responder.',
  },
  'contact.message_short': {
    'pt-pt': 'Descreva o seu pedido com pelo menos 10 caracteres.',
    en: 'Please describe your request in at least 10 characters.',
    es: 'Describa su solicitud con al menos 10 caracteres.',
  },
  'contact.mail_subject': {
    'pt-pt': 'Pedido de ajuda #{id} de {name}',
    en: 'Help request #{id} from {name}',
    es: 'Solicitud de ayuda #{id} de {name}',
  },
  'contact.mail_body': {
    'pt-pt': 'Nome: {name}\nEmpresa: {company}\nEmail: {email}\nIdioma: {lang}\n\n{message}',
    en: 'Name: {name}\nCompany: {company}\nEmail: {email}\nLanguage: {lang}\n\n{message}',
    es: 'Nombre: {name}\nEmpresa: {company}\nCorreo: {email}\nIdioma: {lang}\n\n{message}',
  },
});
