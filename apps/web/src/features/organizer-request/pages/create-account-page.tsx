/** Placeholder: built by its capability's issue. */
export default function Placeholder() {
  return (
    <main id="main" className="page" data-placeholder="create-account-page">
      <h1 className="text-2xl font-bold">create-account-page</h1>
    </main>
  );
}
