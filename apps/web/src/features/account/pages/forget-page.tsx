/** Placeholder: built by its capability's issue. */
export default function Placeholder() {
  return (
    <main id="main" className="page" data-placeholder="forget-page">
      <h1 className="text-2xl font-bold">forget-page</h1>
    </main>
  );
}
