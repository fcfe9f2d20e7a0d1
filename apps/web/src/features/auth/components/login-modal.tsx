/** Placeholder: built by its capability's issue. */
export default function Placeholder() {
  return (
    <main id="main" className="page" data-placeholder="login-modal">
      <h1 className="text-2xl font-bold">login-modal</h1>
    </main>
  );
}
