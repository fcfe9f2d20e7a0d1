import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { StaticArticle } from '../components/static-article';

/** Accessibility statement (European Accessibility Act), linked from every page's footer. */
export default function AccessibilityPage() {
  const { t } = useTranslation('static');
  return (
    <StaticArticle page="accessibility" updated={t('accessibility.updated_date')}>
      <Link to={paths.needHelp} className="btn-primary mt-8">
        {t('accessibility.contact')}
      </Link>
    </StaticArticle>
  );
}
