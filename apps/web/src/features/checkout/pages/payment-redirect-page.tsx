/** Placeholder: built by its capability's issue. */
export default function Placeholder() {
  return (
    <main id="main" className="page" data-placeholder="payment-redirect-page">
      <h1 className="text-2xl font-bold">payment-redirect-page</h1>
    </main>
  );
}
