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
});
