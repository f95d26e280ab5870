import { CopyButton } from './copy-button.js';

/**
 * A secret (API key, signing secret) in the one response that carries it. The server
 * never returns it again, so the page says so plainly.
 */
export function SecretOnce({ title, value, testId, subject }: { title: string; value: string; testId: string; subject?: string }) {
  return (
    <div className="notice warn" role="region" aria-label={title}>
      <h3>{title}</h3>
      {subject && (
        <p className="small mono" style={{ overflowWrap: 'anywhere' }}>
          {subject}
        </p>
      )}
      <p className="small">Copy it now and keep it somewhere safe: it is shown only this once.</p>
      <div className="secret">
        <code data-testid={testId}>{value}</code>
        <CopyButton value={value} label={`Copy ${title.toLowerCase()}`} />
      </div>
    </div>
  );
}
