import { NotFound } from '../../../components/not-found';

/** The 404 page (spec §8). */
export default function NotFoundPage() {
  return <NotFound />;
}
