import { useTranslation } from 'react-i18next';

/** Shown instead of an action a support (impersonated) session may not take. */
export function SupportOnlyNote({ className = '' }: { className?: string }) {
  const { t } = useTranslation('common');
  return (
    <p
      className={`rounded-lg bg-amber-100 p-3 text-sm text-amber-950 ${className}`}
      role="note"
      data-testid="support-only"
    >
      {t('support_only')}
    </p>
  );
}
