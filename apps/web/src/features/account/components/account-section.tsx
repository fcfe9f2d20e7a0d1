import type { ReactNode } from 'react';

/** A card of the account page with its heading (the section is labelled by it). */
export function AccountSection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
