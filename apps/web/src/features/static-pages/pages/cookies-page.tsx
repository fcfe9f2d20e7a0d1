import { useTranslation } from 'react-i18next';
import { StaticArticle } from '../components/static-article';

/** Cookie policy; last changed 17/11/2023 (spec §1). */
export default function CookiesPage() {
  const { t } = useTranslation('static');
  return <StaticArticle page="cookies" updated={t('cookies.updated_date')} />;
}
