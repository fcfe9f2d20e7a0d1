import { defineMessages } from '../../i18n/messages';

export const checkinMessages = defineMessages({
  'checkin.invalid_device_key': {
    'pt-pt': 'Chave do dispositivo de entrada inválida.',
    en: 'Invalid door device key.',
    es: 'Clave del dispositivo de acceso no válida.',
  },
  'checkin.invalid_nonce': {
    'pt-pt': 'O identificador da leitura deve ter de 8 a 100 letras, números, - ou _.',
    en: 'The scan identifier must be 8 to 100 letters, digits, - or _.',
    es: 'El identificador de la lectura debe tener de 8 a 100 letras, números, - o _.',
  },
  'checkin.nonce_reused': {
    'pt-pt': 'Este identificador de leitura já foi usado com outro bilhete.',
    en: 'This scan identifier was already used with another ticket.',
    es: 'Este identificador de lectura ya se usó con otra entrada.',
  },
  'checkin.scan_time_invalid': {
    'pt-pt': 'Hora da leitura inválida: no futuro ou com mais de 30 dias.',
    en: 'Invalid scan time: in the future or older than 30 days.',
    es: 'Hora de lectura no válida: en el futuro o con más de 30 días.',
  },
  'checkin.event_not_found': {
    'pt-pt': 'Evento do dispositivo não encontrado.',
    en: "The device's event was not found.",
    es: 'No se encontró el evento del dispositivo.',
  },
  'checkin.not_on_list': {
    'pt-pt': 'Este bilhete não entra pela lista «{list}» (porta {gate}).',
    en: 'This ticket is not on the list “{list}” (gate {gate}).',
    es: 'Esta entrada no está en la lista «{list}» (puerta {gate}).',
  },
});
