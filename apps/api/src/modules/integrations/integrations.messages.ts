import { defineMessages } from '../../i18n/messages';

export const integrationsMessages = defineMessages({
  'integrations.scopes_required': {
    'pt-pt': 'Escolha pelo menos uma permissão.',
    en: 'Choose at least one scope.',
    es: 'Elija al menos un permiso.',
  },
  'integrations.events_required': {
    'pt-pt': 'Escolha pelo menos um evento.',
    en: 'Choose at least one event.',
    es: 'Elija al menos un evento.',
  },
  'integrations.url_invalid': {
    'pt-pt': 'Indique um endereço http(s) completo, sem utilizador nem palavra-passe.',
    en: 'Enter a full http(s) address, without a user name or password.',
    es: 'Indique una dirección http(s) completa, sin usuario ni contraseña.',
  },
  'integrations.url_not_https': {
    'pt-pt': 'O endereço tem de começar por https://.',
    en: 'The address must start with https://.',
    es: 'La dirección debe empezar por https://.',
  },
  'integrations.url_private': {
    'pt-pt': 'O endereço não pode ser local nem de uma rede privada.',
    en: 'The address cannot be a local or private-network one.',
    es: 'La dirección no puede ser local ni de una red privada.',
  },
  'integrations.api_key_not_found': {
    'pt-pt': 'Chave de API não encontrada.',
    en: 'API key not found.',
    es: 'Clave de API no encontrada.',
  },
  'integrations.endpoint_not_found': {
    'pt-pt': 'Endpoint de webhook não encontrado.',
    en: 'Webhook endpoint not found.',
    es: 'Endpoint de webhook no encontrado.',
  },
  'integrations.delivery_not_found': {
    'pt-pt': 'Entrega não encontrada.',
    en: 'Delivery not found.',
    es: 'Entrega no encontrada.',
  },
  'integrations.delivery_in_flight': {
    'pt-pt': 'Esta entrega está a ser enviada agora. Tente daqui a um minuto.',
    en: 'This delivery is being sent right now. Try again in a minute.',
    es: 'Esta entrega se está enviando ahora. Inténtelo dentro de un minuto.',
  },
  'integrations.too_many': {
    'pt-pt': 'No máximo {max} por organizador.',
    en: 'At most {max} per organiser.',
    es: 'Como máximo {max} por organizador.',
  },
  'integrations.key_unauthorized': {
    'pt-pt': 'Chave de API inválida.',
    en: 'Invalid API key.',
    es: 'Clave de API no válida.',
  },
  'integrations.scope_missing': {
    'pt-pt': 'Esta chave de API não tem a permissão {scope}.',
    en: 'This API key does not have the {scope} scope.',
    es: 'Esta clave de API no tiene el permiso {scope}.',
  },
  'integrations.api_key_created': {
    'pt-pt': 'Chave criada. Guarde-a: não voltará a ser mostrada.',
    en: 'Key created. Keep it: it will not be shown again.',
    es: 'Clave creada. Guárdela: no se volverá a mostrar.',
  },
  'integrations.api_key_revoked': {
    'pt-pt': 'Chave revogada; deixou de funcionar.',
    en: 'Key revoked; it no longer works.',
    es: 'Clave revocada; ya no funciona.',
  },
  'integrations.endpoint_created': {
    'pt-pt': 'Endpoint criado. Guarde o segredo de assinatura: não voltará a ser mostrado.',
    en: 'Endpoint created. Keep the signing secret: it will not be shown again.',
    es: 'Endpoint creado. Guarde el secreto de firma: no se volverá a mostrar.',
  },
  'integrations.endpoint_saved': {
    'pt-pt': 'Endpoint guardado.',
    en: 'Endpoint saved.',
    es: 'Endpoint guardado.',
  },
  'integrations.endpoint_deleted': {
    'pt-pt': 'Endpoint apagado.',
    en: 'Endpoint deleted.',
    es: 'Endpoint eliminado.',
  },
  'integrations.delivery_replayed': {
    'pt-pt': 'A entrega vai ser reenviada agora.',
    en: 'The delivery will be sent again now.',
    es: 'La entrega se reenviará ahora.',
  },
});
