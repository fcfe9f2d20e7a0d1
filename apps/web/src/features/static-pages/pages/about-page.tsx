import { StaticArticle } from '../components/static-article';

export default function AboutPage() {
  return <StaticArticle page="about" />;
}
