import { defineMessages } from '../../i18n/messages';

export const barAdminMessages = defineMessages({
  'backoffice_bar.station_not_found': {
    'pt-pt': 'Posto não encontrado.',
    en: 'Station not found.',
    es: 'Punto de venta no encontrado.',
  },
  'backoffice_bar.bracelet_taken': {
    'pt-pt': 'Já existem pulseiras com estes UID ou códigos: {refs}. Nada foi importado.',
    en: 'Bracelets with these UIDs or codes already exist: {refs}. Nothing was imported.',
    es: 'Ya existen pulseras con estos UID o códigos: {refs}. No se importó nada.',
  },
  'backoffice_bar.file_problems': {
    'pt-pt': 'O ficheiro tem erros; nada foi importado. Corrija as linhas indicadas.',
    en: 'The file has errors; nothing was imported. Fix the lines shown.',
    es: 'El archivo tiene errores; no se importó nada. Corrija las líneas indicadas.',
  },
  'backoffice_bar.uid_format': {
    'pt-pt': 'UID inválido: 8, 14 ou 20 algarismos hexadecimais (0-9, A-F).',
    en: 'Invalid UID: 8, 14 or 20 hexadecimal digits (0-9, A-F).',
    es: 'UID no válido: 8, 14 o 20 dígitos hexadecimales (0-9, A-F).',
  },
  'backoffice_bar.duplicate_in_file': {
    'pt-pt': 'Repetido no ficheiro.',
    en: 'Repeated in the file.',
    es: 'Repetido en el archivo.',
  },
  'backoffice_bar.empty_file': {
    'pt-pt': 'O ficheiro não tem pulseiras.',
    en: 'The file has no bracelets.',
    es: 'El archivo no tiene pulseras.',
  },
  'backoffice_bar.too_many_rows': {
    'pt-pt': 'No máximo 5000 pulseiras por ficheiro.',
    en: 'At most 5,000 bracelets per file.',
    es: 'Como máximo 5000 pulseras por archivo.',
  },
  'backoffice_bar.station_created': {
    'pt-pt': 'Posto criado. Guarde a chave: não voltará a ser mostrada.',
    en: 'Station created. Keep the key: it will not be shown again.',
    es: 'Punto creado. Guarde la clave: no se volverá a mostrar.',
  },
  'backoffice_bar.key_rotated': {
    'pt-pt': 'Nova chave criada; a anterior deixou de funcionar.',
    en: 'New key created; the old one no longer works.',
    es: 'Nueva clave creada; la anterior ya no funciona.',
  },
  'backoffice_bar.imported': {
    'pt-pt': '{count} pulseiras importadas.',
    en: '{count} bracelets imported.',
    es: '{count} pulseras importadas.',
  },
  'backoffice_bar.product_not_found': {
    'pt-pt': 'Produto não encontrado.',
    en: 'Product not found.',
    es: 'Producto no encontrado.',
  },
  'backoffice_bar.too_many_products': {
    'pt-pt': 'Este evento já tem {max} produtos: desative ou altere um existente.',
    en: 'This event already has {max} products: deactivate or change an existing one.',
    es: 'Este evento ya tiene {max} productos: desactive o cambie uno existente.',
  },
  'backoffice_bar.vat_rate': {
    'pt-pt': 'Escolha uma taxa de IVA: 0, 6, 13 ou 23 %.',
    en: 'Choose a VAT rate: 0, 6, 13 or 23 %.',
    es: 'Elija un tipo de IVA: 0, 6, 13 o 23 %.',
  },
  'backoffice_bar.menu_repeated': {
    'pt-pt': 'Um produto só pode aparecer uma vez na carta.',
    en: 'A product may appear only once on the menu.',
    es: 'Un producto solo puede aparecer una vez en la carta.',
  },
  'backoffice_bar.menu_unknown_product': {
    'pt-pt': 'A carta só pode ter produtos deste evento.',
    en: "The menu may only hold this event's products.",
    es: 'La carta solo puede tener productos de este evento.',
  },
  'backoffice_bar.product_created': {
    'pt-pt': 'Produto «{name}» criado.',
    en: 'Product “{name}” created.',
    es: 'Producto «{name}» creado.',
  },
  'backoffice_bar.menu_saved': {
    'pt-pt': 'Carta guardada.',
    en: 'Menu saved.',
    es: 'Carta guardada.',
  },
});
