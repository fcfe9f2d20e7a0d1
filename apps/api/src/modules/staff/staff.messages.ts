import { defineMessages } from '../../i18n/messages';

export const staffMessages = defineMessages({
  'staff.invalid_credentials': {
    'pt-pt': 'Email ou palavra-passe incorretos.',
    en: 'Wrong email or password.',
    es: 'Correo electrónico o contraseña incorrectos.',
  },
  'staff.second_factor_required': {
    'pt-pt': 'Confirme a sua identidade com o código da aplicação de autenticação.',
    en: 'Confirm your identity with the code from your authenticator app.',
    es: 'Confirme su identidad con el código de su aplicación de autenticación.',
  },
  'staff.invalid_code': {
    'pt-pt': 'Código incorreto ou expirado.',
    en: 'Wrong or expired code.',
    es: 'Código incorrecto o caducado.',
  },
  'staff.code_format': {
    'pt-pt': 'Introduza os 6 dígitos da aplicação ou um código de recuperação.',
    en: 'Enter the 6 digits from the app or a recovery code.',
    es: 'Introduzca los 6 dígitos de la aplicación o un código de recuperación.',
  },
  'staff.csrf_failed': {
    'pt-pt': 'O pedido não pôde ser verificado. Recarregue a página e tente novamente.',
    en: 'The request could not be verified. Reload the page and try again.',
    es: 'No se pudo verificar la solicitud. Recargue la página e inténtelo de nuevo.',
  },
  'staff.invitation_invalid': {
    'pt-pt': 'Este convite não existe, já foi usado ou expirou.',
    en: 'This invitation does not exist, was already used or has expired.',
    es: 'Esta invitación no existe, ya se usó o ha caducado.',
  },
  'staff.account_exists': {
    'pt-pt': 'Já tem conta na área de organizadores com este email: inicie sessão para aceitar o convite.',
    en: 'You already have a back-office account with this email: sign in to accept the invitation.',
    es: 'Ya tiene una cuenta de organizador con este correo: inicie sesión para aceptar la invitación.',
  },
  'staff.already_member': {
    'pt-pt': 'Esta pessoa já faz parte da equipa.',
    en: 'This person is already in the team.',
    es: 'Esta persona ya forma parte del equipo.',
  },
  'staff.role_not_allowed': {
    'pt-pt': 'Apenas um proprietário pode atribuir ou retirar o papel de proprietário.',
    en: 'Only an owner can give or take the owner role.',
    es: 'Solo un propietario puede asignar o retirar el rol de propietario.',
  },
  'staff.last_owner': {
    'pt-pt': 'A equipa tem de manter pelo menos um proprietário.',
    en: 'The team must keep at least one owner.',
    es: 'El equipo debe mantener al menos un propietario.',
  },
  'staff.totp_already_enabled': {
    'pt-pt': 'A autenticação em dois passos já está ativa.',
    en: 'Two-step verification is already on.',
    es: 'La verificación en dos pasos ya está activada.',
  },
  'staff.totp_not_started': {
    'pt-pt': 'Comece por gerar o código QR da aplicação de autenticação.',
    en: 'Start by generating the authenticator QR code.',
    es: 'Empiece por generar el código QR de la aplicación de autenticación.',
  },
  'staff.password_short': {
    'pt-pt': 'A palavra-passe tem de ter pelo menos 12 caracteres.',
    en: 'The password must have at least 12 characters.',
    es: 'La contraseña debe tener al menos 12 caracteres.',
  },
  'staff.role_unknown': {
    'pt-pt': 'Escolha um papel da lista.',
    en: 'Choose a role from the list.',
    es: 'Elija un rol de la lista.',
  },
  'staff.logged_out': {
    'pt-pt': 'Sessão terminada.',
    en: 'Signed out.',
    es: 'Sesión cerrada.',
  },
  'staff.invitation_email_subject': {
    'pt-pt': 'Convite para a equipa de {{organizer}} na Bilheteira',
    en: 'Invitation to the {{organizer}} team on Bilheteira',
    es: 'Invitación al equipo de {{organizer}} en Bilheteira',
  },
  'staff.invitation_email_body': {
    'pt-pt':
      'Foi convidado(a) para a equipa de {{organizer}} na Bilheteira, com o papel {{role}}. Aceite o convite (válido 7 dias): {{link}}',
    en: 'You have been invited to the {{organizer}} team on Bilheteira, as {{role}}. Accept the invitation (valid for 7 days): {{link}}',
    es: 'Le han invitado al equipo de {{organizer}} en Bilheteira, con el rol {{role}}. Acepte la invitación (válida 7 días): {{link}}',
  },
  'staff.request_rejected_subject': {
    'pt-pt': 'O seu pedido de conta de organizador na Bilheteira',
    en: 'Your organiser account request on Bilheteira',
    es: 'Su solicitud de cuenta de organizador en Bilheteira',
  },
  'staff.request_rejected_body': {
    'pt-pt': 'Lamentamos, mas o pedido de {{company}} não foi aprovado. Motivo: {{reason}}',
    en: 'We are sorry, but the request for {{company}} was not approved. Reason: {{reason}}',
    es: 'Lo sentimos, pero la solicitud de {{company}} no fue aprobada. Motivo: {{reason}}',
  },
  'staff.request_decided': {
    'pt-pt': 'Este pedido já foi decidido.',
    en: 'This request has already been decided.',
    es: 'Esta solicitud ya fue decidida.',
  },
  'staff.invited': {
    'pt-pt': 'Convite enviado.',
    en: 'Invitation sent.',
    es: 'Invitación enviada.',
  },
  'staff.invitation_revoked': {
    'pt-pt': 'Convite cancelado: a ligação deixou de funcionar.',
    en: 'Invitation withdrawn: its link no longer works.',
    es: 'Invitación retirada: el enlace ya no funciona.',
  },
  'staff.saved': {
    'pt-pt': 'Alterações guardadas.',
    en: 'Changes saved.',
    es: 'Cambios guardados.',
  },
  'staff.invitation_accepted': {
    'pt-pt': 'Convite aceite. Já pode iniciar sessão.',
    en: 'Invitation accepted. You can now sign in.',
    es: 'Invitación aceptada. Ya puede iniciar sesión.',
  },
  'staff.request_approved': {
    'pt-pt': 'Pedido aprovado: o organizador foi criado e o convite enviado.',
    en: 'Request approved: the organiser was created and the invitation sent.',
    es: 'Solicitud aprobada: se creó el organizador y se envió la invitación.',
  },
  'staff.request_rejected': {
    'pt-pt': 'Pedido recusado; o requerente foi informado.',
    en: 'Request rejected; the applicant has been told.',
    es: 'Solicitud rechazada; se ha informado al solicitante.',
  },
  'staff.role.owner': { 'pt-pt': 'Proprietário', en: 'Owner', es: 'Propietario' },
  'staff.role.admin': { 'pt-pt': 'Administrador', en: 'Administrator', es: 'Administrador' },
  'staff.role.event_manager': { 'pt-pt': 'Gestor de eventos', en: 'Event manager', es: 'Gestor de eventos' },
  'staff.role.finance': { 'pt-pt': 'Finanças', en: 'Finance', es: 'Finanzas' },
  'staff.role.door_supervisor': {
    'pt-pt': 'Supervisor de portas',
    en: 'Door supervisor',
    es: 'Supervisor de accesos',
  },
  'staff.role.door_staff': { 'pt-pt': 'Porteiro', en: 'Door staff', es: 'Personal de accesos' },
  'staff.role.bar_manager': { 'pt-pt': 'Gestor de bar', en: 'Bar manager', es: 'Encargado de barra' },
  'staff.role.bar_staff': { 'pt-pt': 'Empregado de bar', en: 'Bar staff', es: 'Personal de barra' },
  'staff.role.viewer': { 'pt-pt': 'Consulta', en: 'Viewer', es: 'Consulta' },
});
