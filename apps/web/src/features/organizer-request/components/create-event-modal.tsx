/** Placeholder: built by its capability's issue. */
export default function Placeholder() {
  return (
    <main id="main" className="page" data-placeholder="create-event-modal">
      <h1 className="text-2xl font-bold">create-event-modal</h1>
    </main>
  );
}
