import { useTranslation } from 'react-i18next';

export function Loading() {
  const { t } = useTranslation('common');
  return (
    <p role="status" className="p-8 text-center text-slate-700">
      {t('loading')}
    </p>
  );
}
