import { defineMessages } from '../../i18n/messages';

export const walletMessages = defineMessages({
  'wallet.invalid_amount': {
    'pt-pt': 'O valor indicado não é válido.',
    en: 'The amount given is not valid.',
    es: 'El importe indicado no es válido.',
  },
  'wallet.not_found': {
    'pt-pt': 'Carteira não encontrada.',
    en: 'Wallet not found.',
    es: 'Monedero no encontrado.',
  },
  'wallet.insufficient_funds': {
    'pt-pt': 'Saldo insuficiente.',
    en: 'Insufficient balance.',
    es: 'Saldo insuficiente.',
  },
  'wallet.conflict': {
    'pt-pt': 'Esta operação já foi registada. Atualize a página.',
    en: 'This operation was already recorded. Refresh the page.',
    es: 'Esta operación ya se registró. Actualiza la página.',
  },
  'wallet.event_required': {
    'pt-pt': 'Indique o evento da carteira.',
    en: 'Tell us which event the wallet is for.',
    es: 'Indica el evento del monedero.',
  },
  'wallet.disabled': {
    'pt-pt': 'Este evento não tem carteira cashless.',
    en: 'This event has no cashless wallet.',
    es: 'Este evento no tiene monedero cashless.',
  },
  'wallet.bracelet_not_found': {
    'pt-pt': 'Não encontrámos uma pulseira com esse código neste evento.',
    en: 'We found no bracelet with that code at this event.',
    es: 'No encontramos ninguna pulsera con ese código en este evento.',
  },
  'wallet.bracelet_blocked': {
    'pt-pt': 'Esta pulseira está bloqueada.',
    en: 'This bracelet is blocked.',
    es: 'Esta pulsera está bloqueada.',
  },
  'wallet.same_bracelet': {
    'pt-pt': 'A nova pulseira tem de ser diferente da perdida.',
    en: 'The new bracelet must differ from the lost one.',
    es: 'La nueva pulsera debe ser distinta de la perdida.',
  },
  'wallet.bracelet_linked': {
    'pt-pt': 'Pulseira associada à sua carteira.',
    en: 'Bracelet linked to your wallet.',
    es: 'Pulsera asociada a tu monedero.',
  },
  'wallet.bracelet_blocked_ok': {
    'pt-pt': 'Pulseira bloqueada. O saldo continua na sua carteira.',
    en: 'Bracelet blocked. Your balance stays in your wallet.',
    es: 'Pulsera bloqueada. El saldo sigue en tu monedero.',
  },
  'wallet.bracelet_replaced': {
    'pt-pt': 'Pulseira perdida bloqueada e nova pulseira associada. O saldo passou para a nova pulseira.',
    en: 'Lost bracelet blocked and new bracelet linked. Your balance moved to the new bracelet.',
    es: 'Pulsera perdida bloqueada y nueva pulsera asociada. El saldo pasó a la nueva pulsera.',
  },
  'wallet.bracelet_no_match': {
    'pt-pt':
      'O ID e o código secreto não correspondem a nenhuma pulseira disponível neste evento. Confirme os dois e tente novamente.',
    en: 'The ID and the secret code do not match any available bracelet at this event. Check both and try again.',
    es: 'El ID y el código secreto no corresponden a ninguna pulsera disponible en este evento. Compruébalos y vuelve a intentarlo.',
  },
  'validation.bracelet_secret': {
    'pt-pt': 'O código secreto tem 8 letras e algarismos, impressos no interior da pulseira.',
    en: 'The secret code has 8 letters and digits, printed inside the bracelet.',
    es: 'El código secreto tiene 8 letras y cifras, impresos en el interior de la pulsera.',
  },
  'validation.bracelet_uid': {
    'pt-pt':
      'Não foi possível ler a pulseira. Aproxime-a outra vez do telemóvel ou indique o código secreto.',
    en: 'The bracelet could not be read. Hold it to the phone again or enter the secret code.',
    es: 'No se pudo leer la pulsera. Acércala otra vez al móvil o indica el código secreto.',
  },
  'validation.bracelet_proof_required': {
    'pt-pt': 'Indique o código secreto impresso no interior da pulseira (ou leia a pulseira por NFC).',
    en: 'Enter the secret code printed inside the bracelet (or read the bracelet by NFC).',
    es: 'Indica el código secreto impreso en el interior de la pulsera (o lee la pulsera por NFC).',
  },
  'validation.bracelet_code': {
    'pt-pt': 'O ID da pulseira tem 6 dígitos.',
    en: 'The bracelet ID has 6 digits.',
    es: 'El ID de la pulsera tiene 6 dígitos.',
  },
});
