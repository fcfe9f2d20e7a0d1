import { StaticArticle } from '../components/static-article';

export default function TermsPage() {
  return <StaticArticle page="terms" />;
}
