import { isPhoneDropdownEvent } from './phone-input';

/**
 * How the customer site's modals use DialogFrame (@bilheteira/ui/dialog-frame), spread into
 * each: a dialog without a description has its title as the (hidden) description; the
 * focus goes back to what had it when the dialog opened (they open from code, not from a
 * Dialog.Trigger); Esc inside an open phone country list closes the list only; the close
 * button's focus ring is the site's amber-500. The close label is each modal's
 * `t('common:close')`.
 */
export const SITE_DIALOG = {
  titleAsDescription: true,
  returnFocus: true,
  keepOpenOnEscape: isPhoneDropdownEvent,
  focusRing: 'amber-500',
} as const;
