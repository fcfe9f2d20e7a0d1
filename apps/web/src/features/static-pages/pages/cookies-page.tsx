/** Placeholder: built by its capability's issue. */
export default function Placeholder() {
  return (
    <main id="main" className="page" data-placeholder="cookies-page">
      <h1 className="text-2xl font-bold">cookies-page</h1>
    </main>
  );
}
