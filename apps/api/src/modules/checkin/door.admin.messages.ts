import { defineMessages } from '../../i18n/messages';

export const doorAdminMessages = defineMessages({
  'backoffice_door.device_not_found': {
    'pt-pt': 'Dispositivo não encontrado.',
    en: 'Device not found.',
    es: 'Dispositivo no encontrado.',
  },
  'backoffice_door.device_revoked': {
    'pt-pt': 'Este dispositivo foi revogado. Crie um novo.',
    en: 'This device was revoked. Create a new one.',
    es: 'Este dispositivo fue revocado. Cree uno nuevo.',
  },
  'backoffice_door.device_created': {
    'pt-pt':
      'Dispositivo criado. Leia o código QR com a aplicação da porta: a chave não voltará a ser mostrada.',
    en: 'Device created. Scan the QR code with the door app: the key will not be shown again.',
    es: 'Dispositivo creado. Lea el código QR con la aplicación de la puerta: la clave no se volverá a mostrar.',
  },
  'backoffice_door.key_rotated': {
    'pt-pt': 'Nova chave criada; a anterior deixou de funcionar.',
    en: 'New key created; the old one no longer works.',
    es: 'Nueva clave creada; la anterior ya no funciona.',
  },
  'backoffice_door.revoked': {
    'pt-pt': 'Dispositivo revogado: já não consegue validar bilhetes.',
    en: 'Device revoked: it can no longer check tickets.',
    es: 'Dispositivo revocado: ya no puede validar entradas.',
  },
  'backoffice_door.list_not_found': {
    'pt-pt': 'Lista de entrada não encontrada.',
    en: 'Check-in list not found.',
    es: 'Lista de acceso no encontrada.',
  },
  'backoffice_door.list_in_use': {
    'pt-pt': 'Há dispositivos nesta lista: passe-os para outra lista (ou nenhuma) antes de a apagar.',
    en: 'Devices use this list: move them to another list (or none) before deleting it.',
    es: 'Hay dispositivos en esta lista: páselos a otra lista (o a ninguna) antes de borrarla.',
  },
  'backoffice_door.list_type_unknown': {
    'pt-pt': 'Escolha tipos de bilhete deste evento.',
    en: "Choose this event's ticket types.",
    es: 'Elija tipos de entrada de este evento.',
  },
  'backoffice_door.list_session_unknown': {
    'pt-pt': 'Escolha sessões deste evento.',
    en: "Choose this event's sessions.",
    es: 'Elija sesiones de este evento.',
  },
  'backoffice_door.list_day_outside': {
    'pt-pt': 'Escolha dias entre o início e o fim do evento.',
    en: "Choose days between the event's start and end.",
    es: 'Elija días entre el inicio y el fin del evento.',
  },
  'backoffice_door.list_created': {
    'pt-pt': 'Lista criada.',
    en: 'List created.',
    es: 'Lista creada.',
  },
  'backoffice_door.list_deleted': {
    'pt-pt': 'Lista apagada.',
    en: 'List deleted.',
    es: 'Lista borrada.',
  },
});
