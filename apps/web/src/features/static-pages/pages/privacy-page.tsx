/** Placeholder: built by its capability's issue. */
export default function Placeholder() {
  return (
    <main id="main" className="page" data-placeholder="privacy-page">
      <h1 className="text-2xl font-bold">privacy-page</h1>
    </main>
  );
}
