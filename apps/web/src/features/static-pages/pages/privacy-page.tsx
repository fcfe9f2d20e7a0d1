import { StaticArticle } from '../components/static-article';

export default function PrivacyPage() {
  return <StaticArticle page="privacy" />;
}
