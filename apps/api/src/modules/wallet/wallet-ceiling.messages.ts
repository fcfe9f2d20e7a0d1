import { defineMessages } from '../../i18n/messages';

export const walletCeilingMessages = defineMessages({
  'wallet.balance_limit': {
    'pt-pt':
      'Este carregamento levaria o saldo da carteira acima do máximo de {max}. Pode carregar até {available}.',
    en: 'This top-up would take the wallet balance above the maximum of {max}. You can top up to {available}.',
    es: 'Esta recarga llevaría el saldo del monedero por encima del máximo de {max}. Puedes recargar hasta {available}.',
  },
});
