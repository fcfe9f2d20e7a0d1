import { defineMessages } from '../../i18n/messages';

export const mediaMessages = defineMessages({
  'media.image_missing': {
    'pt-pt': 'Escolha uma imagem para enviar (campo «image»).',
    en: 'Choose an image to upload (field "image").',
    es: 'Elija una imagen para subir (campo «image»).',
  },
  'media.image_unsupported': {
    'pt-pt': 'O ficheiro não é uma imagem JPEG, PNG, WebP ou AVIF válida.',
    en: 'The file is not a valid JPEG, PNG, WebP or AVIF image.',
    es: 'El archivo no es una imagen JPEG, PNG, WebP o AVIF válida.',
  },
  'media.image_dimensions': {
    'pt-pt': 'A imagem deve ter entre {min} e {max} pixéis de lado e no máximo {megapixels} megapíxeis.',
    en: 'The image must be between {min} and {max} pixels on each side and at most {megapixels} megapixels.',
    es: 'La imagen debe tener entre {min} y {max} píxeles de lado y como máximo {megapixels} megapíxeles.',
  },
  'media.image_animated': {
    'pt-pt': 'Imagens animadas não são aceites. Envie uma imagem fixa.',
    en: 'Animated images are not accepted. Upload a still image.',
    es: 'No se aceptan imágenes animadas. Suba una imagen fija.',
  },
  'media.image_corrupt': {
    'pt-pt': 'Não foi possível ler a imagem: o ficheiro parece estar danificado.',
    en: 'The image could not be read: the file seems damaged.',
    es: 'No se pudo leer la imagen: el archivo parece dañado.',
  },
  'media.image_not_found': {
    'pt-pt': 'Este evento não tem imagem.',
    en: 'This event has no image.',
    es: 'Este evento no tiene imagen.',
  },
  'media.image_saved': {
    'pt-pt': 'Imagem guardada.',
    en: 'Image saved.',
    es: 'Imagen guardada.',
  },
  'media.image_removed': {
    'pt-pt': 'Imagem removida.',
    en: 'Image removed.',
    es: 'Imagen eliminada.',
  },
});
