/** The API's message for a whole form (field messages sit under their fields). */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      data-testid="form-error"
      className="rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200"
    >
      {message}
    </p>
  );
}
