import { StaticArticle } from '../components/static-article';

export default function PrivacyAppPage() {
  return <StaticArticle page="privacy_app" />;
}
