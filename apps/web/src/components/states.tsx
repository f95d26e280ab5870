import type { ReactNode } from 'react';
import { ApiError, messageOf, worthRetrying } from '../api/client.js';

export function Loading({ what }: { what: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      Loading {what}…
    </p>
  );
}

/** The API's own message, with a way to try again. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div className="notice error row" role="alert">
      <span style={{ flex: '1 1 14rem' }}>{messageOf(error)}</span>
      {error instanceof ApiError && error.code === 'ORGANIZATION_CHANGED' ? (
        // Another tab chose another organization: trying again here would be refused again.
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      ) : (
        onRetry &&
        worthRetrying(error) && (
          <button type="button" onClick={onRetry}>
            Try again
          </button>
        )
      )}
    </div>
  );
}

/** What an empty list means and what to do next. */
export function Empty({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="empty">
      <h3>{title}</h3>
      <div>{children}</div>
    </div>
  );
}

export function PageHead({ title, intro, children, crumb }: { title: string; intro?: ReactNode; children?: ReactNode; crumb?: ReactNode }) {
  return (
    <header className="page-head">
      <div>
        {crumb && <div className="breadcrumb">{crumb}</div>}
        <h1>{title}</h1>
        {intro && <p>{intro}</p>}
      </div>
      {children && <div className="row">{children}</div>}
    </header>
  );
}
