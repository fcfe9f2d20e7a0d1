import { defineMessages } from './messages';

export const commonMessages = defineMessages({
  'error.validation': {
    'pt-pt': 'Preencha os campos obrigatórios.',
    en: 'Fill in the required fields.',
    es: 'Rellene los campos obligatorios.',
  },
  'error.not_found': {
    'pt-pt': 'Não encontrado.',
    en: 'Not found.',
    es: 'No encontrado.',
  },
  'error.route_not_found': {
    'pt-pt': 'Este endereço da API não existe.',
    en: 'This API address does not exist.',
    es: 'Esta dirección de la API no existe.',
  },
  'error.unauthorized': {
    'pt-pt': 'Sessão expirada: a sua sessão expirou, inicie sessão novamente.',
    en: 'Session expired: your session has expired, please login again',
    es: 'Sesión caducada: su sesión ha caducado, inicie sesión de nuevo.',
  },
  'error.forbidden': {
    'pt-pt': 'Não tem permissão para esta operação.',
    en: 'You are not allowed to do this.',
    es: 'No tiene permiso para esta operación.',
  },
  'error.rate_limited': {
    'pt-pt': 'Demasiados pedidos. Tente novamente dentro de {minutes} minutos.',
    en: 'Too many requests. Try again in {minutes} minutes.',
    es: 'Demasiadas solicitudes. Inténtelo de nuevo en {minutes} minutos.',
  },
  'error.rate_limited_minute': {
    'pt-pt': 'Demasiados pedidos. Tente novamente dentro de 1 minuto.',
    en: 'Too many requests. Try again in 1 minute.',
    es: 'Demasiadas solicitudes. Inténtelo de nuevo en 1 minuto.',
  },
  'error.payload_too_large': {
    'pt-pt': 'O pedido é demasiado grande.',
    en: 'The request is too large.',
    es: 'La solicitud es demasiado grande.',
  },
  'error.bad_request': {
    'pt-pt': 'Pedido inválido.',
    en: 'Invalid request.',
    es: 'Solicitud no válida.',
  },
  'error.unsupported_media_type': {
    'pt-pt': 'Formato do pedido não suportado.',
    en: 'Unsupported request format.',
    es: 'Formato de solicitud no admitido.',
  },
  'error.unavailable': {
    'pt-pt': 'Serviço temporariamente indisponível. Tente novamente dentro de instantes.',
    en: 'Service temporarily unavailable. Please try again shortly.',
    es: 'Servicio temporalmente no disponible. Inténtelo de nuevo en breve.',
  },
  'error.internal': {
    'pt-pt': 'Ocorreu um erro inesperado.',
    en: 'An unexpected error occurred.',
    es: 'Ocurrió un error inesperado.',
  },
  'validation.required': {
    'pt-pt': 'Campo obrigatório.',
    en: 'This field is required.',
    es: 'Campo obligatorio.',
  },
  'validation.invalid': {
    'pt-pt': 'Valor inválido.',
    en: 'Invalid value.',
    es: 'Valor no válido.',
  },
  'validation.too_small': {
    'pt-pt': 'Valor demasiado pequeno (mínimo {minimum}).',
    en: 'Value too small (minimum {minimum}).',
    es: 'Valor demasiado pequeño (mínimo {minimum}).',
  },
  'validation.too_big': {
    'pt-pt': 'Valor demasiado grande (máximo {maximum}).',
    en: 'Value too large (maximum {maximum}).',
    es: 'Valor demasiado grande (máximo {maximum}).',
  },
  'validation.email': {
    'pt-pt': 'Por favor, insira um e-mail válido.',
    en: 'Please enter a valid email.',
    es: 'Por favor, introduzca un correo electrónico válido.',
  },
  'validation.phone': {
    'pt-pt': 'Preencha o telemóvel corretamente.',
    en: 'Fill in the mobile number correctly.',
    es: 'Rellene el móvil correctamente.',
  },
  'validation.iban': {
    'pt-pt': 'IBAN inválido.',
    en: 'Invalid IBAN.',
    es: 'IBAN no válido.',
  },
  'validation.nif': {
    'pt-pt': 'NIF inválido.',
    en: 'Invalid tax number (NIF).',
    es: 'NIF no válido.',
  },
});
