// The form field both apps use lives in packages/ui (nothing copied between apps).
export { Field } from '@bilheteira/ui/field';
