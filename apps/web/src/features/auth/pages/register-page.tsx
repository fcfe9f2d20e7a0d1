/** Placeholder: built by its capability's issue. */
export default function Placeholder() {
  return (
    <main id="main" className="page" data-placeholder="register-page">
      <h1 className="text-2xl font-bold">register-page</h1>
    </main>
  );
}
