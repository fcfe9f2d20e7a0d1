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
});
