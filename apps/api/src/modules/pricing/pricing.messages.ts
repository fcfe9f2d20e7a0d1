import { defineMessages } from '../../i18n/messages';

export const pricingMessages = defineMessages({
  'pricing.code_format': {
    'pt-pt': 'O código tem de ter 3 a 32 letras, algarismos, - ou _.',
    en: 'The code must have 3 to 32 letters, digits, - or _.',
    es: 'El código debe tener de 3 a 32 letras, dígitos, - o _.',
  },
  'pricing.step_needs_end': {
    'pt-pt': 'Indique quando termina este preço: uma data, um número de bilhetes ou ambos.',
    en: 'Say when this price ends: a date, a number of tickets, or both.',
    es: 'Indique cuándo termina este precio: una fecha, un número de entradas o ambos.',
  },
  'pricing.steps_order': {
    'pt-pt': 'Os preços têm de terminar por ordem: cada um depois do anterior.',
    en: 'The prices must end in order: each one after the previous one.',
    es: 'Los precios deben terminar en orden: cada uno después del anterior.',
  },
  'pricing.kind_unknown': {
    'pt-pt': 'Escolha percentagem ou valor.',
    en: 'Choose percentage or amount.',
    es: 'Elija porcentaje o importe.',
  },
  'pricing.percent_too_big': {
    'pt-pt': 'Uma percentagem não pode passar de 100 %.',
    en: 'A percentage cannot be more than 100%.',
    es: 'Un porcentaje no puede superar el 100 %.',
  },
  'pricing.until_before_from': {
    'pt-pt': 'O fim da validade tem de ser depois do início.',
    en: 'The end of validity must be after its start.',
    es: 'El fin de la validez debe ser posterior a su inicio.',
  },
  'pricing.access_needs_types': {
    'pt-pt': 'Escolha pelo menos um tipo de bilhete que o código desbloqueia.',
    en: 'Choose at least one ticket type the code unlocks.',
    es: 'Elija al menos un tipo de entrada que el código desbloquee.',
  },
  'pricing.group_needs_types': {
    'pt-pt': 'Escolha pelo menos um tipo de bilhete.',
    en: 'Choose at least one ticket type.',
    es: 'Elija al menos un tipo de entrada.',
  },
  'pricing.type_not_in_event': {
    'pt-pt': 'Este tipo de bilhete não é deste evento.',
    en: 'This ticket type is not one of this event’s.',
    es: 'Este tipo de entrada no es de este evento.',
  },
  'pricing.code_taken': {
    'pt-pt': 'Já existe um código «{code}».',
    en: 'A code “{code}” already exists.',
    es: 'Ya existe un código «{code}».',
  },
  'pricing.code_in_use': {
    'pt-pt': 'Este código já foi usado em encomendas e não pode ser apagado: termine a validade.',
    en: 'This code was used in orders and cannot be deleted: end its validity instead.',
    es: 'Este código se usó en pedidos y no se puede borrar: termine su validez.',
  },
  'pricing.code_not_found': {
    'pt-pt': 'Código não encontrado.',
    en: 'Code not found.',
    es: 'Código no encontrado.',
  },
  'pricing.ticket_type_not_found': {
    'pt-pt': 'Tipo de bilhete não encontrado.',
    en: 'Ticket type not found.',
    es: 'Tipo de entrada no encontrado.',
  },
  'pricing.event_not_found': {
    'pt-pt': 'Evento não encontrado.',
    en: 'Event not found.',
    es: 'Evento no encontrado.',
  },
  'pricing.code_unknown': {
    'pt-pt': 'O código «{code}» não existe para este evento.',
    en: 'The code “{code}” does not exist for this event.',
    es: 'El código «{code}» no existe para este evento.',
  },
  'pricing.code_not_yet': {
    'pt-pt': 'O código «{code}» ainda não está válido.',
    en: 'The code “{code}” is not valid yet.',
    es: 'El código «{code}» aún no es válido.',
  },
  'pricing.code_expired': {
    'pt-pt': 'O código «{code}» expirou.',
    en: 'The code “{code}” has expired.',
    es: 'El código «{code}» ha caducado.',
  },
  'pricing.code_used_up': {
    'pt-pt': 'O código «{code}» já foi usado o número máximo de vezes.',
    en: 'The code “{code}” has been used the maximum number of times.',
    es: 'El código «{code}» ya se ha usado el número máximo de veces.',
  },
  'pricing.code_customer_limit': {
    'pt-pt': 'Já usou o código «{code}» as vezes que pode.',
    en: 'You have already used the code “{code}” as many times as allowed.',
    es: 'Ya ha usado el código «{code}» las veces permitidas.',
  },
  'pricing.code_not_applicable': {
    'pt-pt': 'O código «{code}» não se aplica aos bilhetes do carrinho.',
    en: 'The code “{code}” does not apply to the tickets in your cart.',
    es: 'El código «{code}» no se aplica a las entradas del carrito.',
  },
  'pricing.access_required': {
    'pt-pt': 'Os bilhetes «{name}» precisam do código de acesso com que foram desbloqueados.',
    en: 'The “{name}” tickets need the access code they were unlocked with.',
    es: 'Las entradas «{name}» necesitan el código de acceso con que se desbloquearon.',
  },
  'pricing.price_step_over': {
    'pt-pt': 'Os bilhetes «{name}» a {old} esgotaram agora: o preço passou a {price}. Confirme de novo.',
    en: 'The “{name}” tickets at {old} just ran out: the price is now {price}. Please confirm again.',
    es: 'Las entradas «{name}» a {old} se acaban de agotar: el precio es ahora {price}. Confirme de nuevo.',
  },
  'pricing.promo_applied': {
    'pt-pt': 'Código «{code}» aplicado: −{amount}.',
    en: 'Code “{code}” applied: −{amount}.',
    es: 'Código «{code}» aplicado: −{amount}.',
  },
  'pricing.access_unlocked': {
    'pt-pt': 'Código aceite: {names}.',
    en: 'Code accepted: {names}.',
    es: 'Código aceptado: {names}.',
  },
  'pricing.saved': {
    'pt-pt': 'Guardado.',
    en: 'Saved.',
    es: 'Guardado.',
  },
  'pricing.deleted': {
    'pt-pt': 'Apagado.',
    en: 'Deleted.',
    es: 'Borrado.',
  },
});
