import type { ReactNode } from 'react';

/** The centred card of the signed-out pages. */
export function AuthFrame({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <main className="auth">
      <div className="card">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            ht
          </span>
          humantime
        </div>
        <h1>{title}</h1>
        {intro && <p className="muted">{intro}</p>}
        {children}
      </div>
    </main>
  );
}
