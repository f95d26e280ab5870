import { useState } from 'react';
import type { ConnectedApp } from '@humantime/contract/dashboard';
import { api, ApiError, call } from '../api/client.js';
import { useAction } from '../api/use-action.js';
import { usePaged } from '../api/use-paged.js';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { CopyButton } from '../components/copy-button.js';
import { PagedTable } from '../components/paged-table.js';
import { useSession } from '../components/session.js';
import { Empty, PageHead } from '../components/states.js';
import { formatAgo, formatDate, formatDateTime } from '../lib/format.js';
import { accessLabel } from '../lib/oauth.js';

/** The agent apps (MCP clients) allowed over OAuth to act for the organization. */
export function ConnectedAppsPage() {
  const { session } = useSession();
  // An owner may disconnect any app; a member the ones they allowed (the server holds the same rule).
  const mayDisconnect = (app: ConnectedApp) => session.role === 'owner' || app.allowed_by === session.account.email;
  // One page holds them all; the paged list gives the table, its states and row removal.
  const list = usePaged(async () => ({ ...(await call(api.oauth.listConnectedApps(), 200)), next_cursor: null }), 'connected-apps');
  const [disconnecting, setDisconnecting] = useState<ConnectedApp | null>(null);
  const disconnect = useAction(async (app: ConnectedApp) => {
    try {
      await call(api.oauth.disconnect({ params: { grant_id: app.id } }), 204);
    } catch (error) {
      // Already disconnected (by someone else, a moment ago): the row goes all the same.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
    list.remove((a) => a.id === app.id);
    setDisconnecting(null);
  });
  const mcpUrl = `${window.location.origin}/mcp`;

  return (
    <>
      <PageHead
        title="Connected apps"
        intro={`Agent apps someone allowed to use humantime for ${session.organization.name}. Disconnecting one stops its tokens at once.`}
      />
      <PagedTable
        label="Connected apps"
        list={list}
        what="connected apps"
        columns={['App', 'Returns to', 'Access', 'Allowed by', 'Connected', 'Last used', '']}
        empty={
          <Empty title="No connected apps">
            <p>
              Agent apps connect by URL: paste <code className="wrap-anywhere">{mcpUrl}</code> into the app and sign in here.
            </p>
            <CopyButton value={mcpUrl} label="Copy the MCP address" />
          </Empty>
        }
        row={(app) => (
          <tr key={app.id} data-testid="connected-app-row">
            <td data-label="App">
              <strong className="wrap-anywhere">{app.client_name}</strong>
              <div className="small muted mono truncate" title={app.client_id}>
                {app.client_id}
              </div>
            </td>
            <td data-label="Returns to">{app.redirect_host}</td>
            <td data-label="Access">{accessLabel(app.scopes)}</td>
            <td data-label="Allowed by">{app.allowed_by ?? <span className="muted">a removed member</span>}</td>
            <td data-label="Connected" className="nowrap">
              {formatDate(app.created_at)}
            </td>
            <td data-label="Last used">
              {app.last_used_at ? (
                <time dateTime={app.last_used_at} title={formatDateTime(app.last_used_at)}>
                  {formatAgo(app.last_used_at)}
                </time>
              ) : (
                <span className="muted">never</span>
              )}
            </td>
            <td data-label="">
              {mayDisconnect(app) ? (
                <button
                  type="button"
                  className="ghost-danger"
                  onClick={() => (disconnect.clearError(), setDisconnecting(app))}
                  aria-label={`Disconnect ${app.client_name}`}
                >
                  Disconnect
                </button>
              ) : (
                <span className="small muted">An owner or the person who allowed it can disconnect it</span>
              )}
            </td>
          </tr>
        )}
      />
      <ConfirmDialog
        open={disconnecting !== null}
        title={`Disconnect ${disconnecting?.client_name ?? 'this app'}?`}
        confirmLabel="Disconnect"
        busy={disconnect.busy}
        error={disconnect.error}
        onConfirm={() => disconnecting && void disconnect.run(disconnecting)}
        onCancel={() => setDisconnecting(null)}
      >
        <p style={{ overflowWrap: 'anywhere' }}>
          {disconnecting?.client_name} will lose access at once. Its tokens stop working immediately; the app must be connected again to use
          humantime.
        </p>
      </ConfirmDialog>
    </>
  );
}
