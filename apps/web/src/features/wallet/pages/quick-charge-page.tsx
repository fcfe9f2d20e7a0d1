/** Placeholder: built by its capability's issue. */
export default function Placeholder() {
  return (
    <main id="main" className="page" data-placeholder="quick-charge-page">
      <h1 className="text-2xl font-bold">quick-charge-page</h1>
    </main>
  );
}
