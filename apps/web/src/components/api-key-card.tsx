import { useState } from 'react';
import type { ApiKeySummary } from '@humantime/contract/dashboard';
import { api, call } from '../api/client.js';
import { useAction } from '../api/use-action.js';
import { formatDateTime } from '../lib/format.js';
import { refreshOnForbidden } from '../lib/roles.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { OwnersOnlyNote, useIsOwner } from './owners-only.js';
import { SecretOnce } from './secret-once.js';
import { useSession } from './session.js';

/** The key is never shown again: only its prefix, last four and age, and a way to replace it. */
export function ApiKeyCard({ summary: initial }: { summary: ApiKeySummary }) {
  const [summary, setSummary] = useState(initial);
  const [confirming, setConfirming] = useState(false);
  const [newKey, setNewKey] = useState<string | null>(null);
  const isOwner = useIsOwner();
  const { refresh } = useSession();
  const regenerate = useAction(async () => {
    const answer = await call(api.organization.regenerateKey(), 200).catch(refreshOnForbidden(refresh));
    setSummary(answer.summary);
    setNewKey(answer.api_key);
    setConfirming(false);
  });

  return (
    <section className="card" aria-labelledby="key-title">
      <div className="card-head">
        <h2 id="key-title">API key</h2>
        <button
          type="button"
          onClick={() => (regenerate.clearError(), setConfirming(true))}
          disabled={!isOwner}
          aria-describedby={isOwner ? undefined : 'key-owners-only'}
        >
          Regenerate key
        </button>
      </div>
      {newKey && <SecretOnce title="New API key" value={newKey} testId="new-api-key" />}
      <dl className="kv">
        <dt>Key</dt>
        <dd>
          <code data-testid="key-masked">
            {summary.prefix}…{summary.last_four}
          </code>
        </dd>
        <dt>Created</dt>
        <dd>{formatDateTime(summary.created_at)}</dd>
      </dl>
      {!isOwner && <OwnersOnlyNote id="key-owners-only">Only owners can regenerate the key.</OwnersOnlyNote>}
      <ConfirmDialog
        open={confirming}
        title="Regenerate the API key?"
        confirmLabel="Regenerate key"
        busy={regenerate.busy}
        error={regenerate.error}
        onConfirm={() => void regenerate.run()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          The current key (<code>…{summary.last_four}</code>) stops working at once: every agent using it gets 401 until it is given the new
          key.
        </p>
      </ConfirmDialog>
    </section>
  );
}
