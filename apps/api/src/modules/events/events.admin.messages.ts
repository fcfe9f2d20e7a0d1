import { defineMessages } from '../../i18n/messages';

export const eventAdminMessages = defineMessages({
  'backoffice_events.slug_format': {
    'pt-pt': 'Use apenas letras minúsculas, números e hífenes (ex.: festival-de-verao).',
    en: 'Use only lower-case letters, numbers and hyphens (e.g. summer-festival).',
    es: 'Use solo letras minúsculas, números y guiones (p. ej., festival-de-verano).',
  },
  'backoffice_events.time_zone': {
    'pt-pt': 'Fuso horário desconhecido. Escolha um da lista (ex.: Europe/Lisbon).',
    en: 'Unknown time zone. Pick one from the list (e.g. Europe/Lisbon).',
    es: 'Zona horaria desconocida. Elija una de la lista (p. ej., Europe/Lisbon).',
  },
  'backoffice_events.date_format': {
    'pt-pt': 'Indique uma data válida (AAAA-MM-DD).',
    en: 'Enter a valid date (YYYY-MM-DD).',
    es: 'Indique una fecha válida (AAAA-MM-DD).',
  },
  'backoffice_events.hour_format': {
    'pt-pt': 'Indique a hora como HH:MM (ex.: 21:30).',
    en: 'Enter the time as HH:MM (e.g. 21:30).',
    es: 'Indique la hora como HH:MM (p. ej., 21:30).',
  },
  'backoffice_events.datetime': {
    'pt-pt': 'Indique uma data e hora válidas.',
    en: 'Enter a valid date and time.',
    es: 'Indique una fecha y hora válidas.',
  },
  'backoffice_events.embed_origin': {
    'pt-pt': 'Indique um endereço https:// sem caminho (ex.: https://www.exemplo.pt).',
    en: 'Enter an https:// address without a path (e.g. https://www.example.com).',
    es: 'Indique una dirección https:// sin ruta (p. ej., https://www.ejemplo.es).',
  },
  'backoffice_events.ends_before': {
    'pt-pt': 'O fim tem de ser depois do início.',
    en: 'The end must be after the start.',
    es: 'El final debe ser posterior al inicio.',
  },
  'backoffice_events.topup_needs_wallet': {
    'pt-pt': 'O carregamento online precisa da carteira cashless ativa.',
    en: 'Online top-up needs the cashless wallet turned on.',
    es: 'La recarga online necesita la cartera cashless activada.',
  },
  'backoffice_events.coordinates_pair': {
    'pt-pt': 'Indique a latitude e a longitude, ou nenhuma.',
    en: 'Give both latitude and longitude, or neither.',
    es: 'Indique la latitud y la longitud, o ninguna.',
  },
  'backoffice_events.max_below_min': {
    'pt-pt': 'O máximo por encomenda não pode ser inferior ao mínimo.',
    en: 'The maximum per order cannot be below the minimum.',
    es: 'El máximo por pedido no puede ser inferior al mínimo.',
  },
  'backoffice_events.duplicate_day': {
    'pt-pt': 'Cada dia só pode aparecer uma vez.',
    en: 'Each day can appear only once.',
    es: 'Cada día solo puede aparecer una vez.',
  },
  'backoffice_events.slug_locked': {
    'pt-pt': 'O endereço de um evento publicado não muda: as pessoas já o têm.',
    en: 'A published event keeps its address: people already have it.',
    es: 'La dirección de un evento publicado no cambia: la gente ya la tiene.',
  },
  'backoffice_events.slug_taken': {
    'pt-pt': 'Já existe um evento com este endereço. Escolha outro.',
    en: 'An event already uses this address. Choose another.',
    es: 'Ya existe un evento con esta dirección. Elija otra.',
  },
  'backoffice_events.not_draft': {
    'pt-pt': 'Este evento já está publicado.',
    en: 'This event is already published.',
    es: 'Este evento ya está publicado.',
  },
  'backoffice_events.not_published': {
    'pt-pt': 'Este evento não está publicado.',
    en: 'This event is not published.',
    es: 'Este evento no está publicado.',
  },
  'backoffice_events.incomplete': {
    'pt-pt':
      'Para publicar, o evento precisa de pelo menos um tipo de bilhete (e uma sessão, se for por sessões).',
    en: 'To publish, the event needs at least one ticket type (and one session, if it has sessions).',
    es: 'Para publicar, el evento necesita al menos un tipo de entrada (y una sesión, si es por sesiones).',
  },
  'backoffice_events.cancelled': {
    'pt-pt': 'Este evento foi cancelado e já não pode ser alterado.',
    en: 'This event was cancelled and can no longer be changed.',
    es: 'Este evento se canceló y ya no se puede modificar.',
  },
  'backoffice_events.price_locked': {
    'pt-pt': 'Já foram vendidos bilhetes deste tipo: o preço não pode mudar. Crie um novo tipo de bilhete.',
    en: 'Tickets of this type were already sold: the price cannot change. Create a new ticket type.',
    es: 'Ya se vendieron entradas de este tipo: el precio no puede cambiar. Cree un nuevo tipo de entrada.',
  },
  'backoffice_events.type_has_orders': {
    'pt-pt': 'Este tipo de bilhete já tem encomendas e não pode ser apagado. Pode ocultá-lo.',
    en: 'This ticket type already has orders and cannot be deleted. You can hide it.',
    es: 'Este tipo de entrada ya tiene pedidos y no se puede eliminar. Puede ocultarlo.',
  },
  'backoffice_events.session_has_orders': {
    'pt-pt': 'Esta sessão já tem encomendas e não pode ser apagada.',
    en: 'This session already has orders and cannot be deleted.',
    es: 'Esta sesión ya tiene pedidos y no se puede eliminar.',
  },
  'backoffice_events.not_session_event': {
    'pt-pt': 'Este evento não é por sessões: ative as sessões nas definições do evento primeiro.',
    en: 'This event has no sessions: turn sessions on in the event settings first.',
    es: 'Este evento no es por sesiones: active las sesiones en los ajustes del evento primero.',
  },
  'backoffice_events.has_sales': {
    'pt-pt':
      'Já há bilhetes vendidos ou reservados: o evento não pode passar a ter (ou deixar de ter) sessões.',
    en: 'Tickets are already sold or reserved: the event cannot switch sessions on or off.',
    es: 'Ya hay entradas vendidas o reservadas: el evento no puede activar ni desactivar las sesiones.',
  },
  'backoffice_events.below_sold': {
    'pt-pt': 'A quantidade não pode ser inferior aos {count} lugares já vendidos ou reservados.',
    en: 'The quantity cannot be below the {count} places already sold or reserved.',
    es: 'La cantidad no puede ser inferior a las {count} plazas ya vendidas o reservadas.',
  },
  'backoffice_events.created': {
    'pt-pt': 'Evento criado como rascunho.',
    en: 'Event created as a draft.',
    es: 'Evento creado como borrador.',
  },
  'backoffice_events.saved': {
    'pt-pt': 'Alterações guardadas.',
    en: 'Changes saved.',
    es: 'Cambios guardados.',
  },
  'backoffice_events.published': {
    'pt-pt': 'Evento publicado.',
    en: 'Event published.',
    es: 'Evento publicado.',
  },
  'backoffice_events.unpublished': {
    'pt-pt': 'Evento retirado de publicação: voltou a rascunho.',
    en: 'Event unpublished: it is a draft again.',
    es: 'Evento retirado: vuelve a ser un borrador.',
  },
  'backoffice_events.duplicated': {
    'pt-pt': 'Evento duplicado como rascunho.',
    en: 'Event duplicated as a draft.',
    es: 'Evento duplicado como borrador.',
  },
  'backoffice_events.deleted': {
    'pt-pt': 'Apagado.',
    en: 'Deleted.',
    es: 'Eliminado.',
  },
  'backoffice_events.group_not_found': {
    'pt-pt': 'Capacidade partilhada não encontrada.',
    en: 'Shared capacity not found.',
    es: 'Capacidad compartida no encontrada.',
  },
  'backoffice_events.group_below_held': {
    'pt-pt': 'A capacidade não pode ser inferior aos {count} lugares já vendidos ou reservados.',
    en: 'The capacity cannot be below the {count} places already sold or reserved.',
    es: 'La capacidad no puede ser inferior a las {count} plazas ya vendidas o reservadas.',
  },
  'backoffice_events.group_has_sales': {
    'pt-pt': 'Esta capacidade partilhada já tem lugares vendidos e não pode ser apagada.',
    en: 'This shared capacity already has places sold and cannot be deleted.',
    es: 'Esta capacidad compartida ya tiene plazas vendidas y no se puede eliminar.',
  },
  'backoffice_events.type_not_in_event': {
    'pt-pt': 'Escolha apenas tipos de bilhete deste evento.',
    en: 'Choose only ticket types of this event.',
    es: 'Elija solo tipos de entrada de este evento.',
  },
  'backoffice_events.copy_suffix': {
    'pt-pt': '(cópia)',
    en: '(copy)',
    es: '(copia)',
  },
});
