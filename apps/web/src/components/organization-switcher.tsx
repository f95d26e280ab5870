import { useId } from 'react';
import { api, call } from '../api/client.js';
import { useAction } from '../api/use-action.js';
import { navigate } from '../lib/router.js';
import { withArticle } from '../lib/roles.js';
import { useSession } from './session.js';
import { ErrorNotice } from './states.js';

/**
 * The organization the dashboard shows, when the person belongs to several: choosing another
 * moves the session there (every later request acts there) and opens its Overview; the pages
 * of the one left are dropped (app.tsx keys them by organization).
 */
export function OrganizationSwitcher() {
  const { session, refresh } = useSession();
  const id = useId();
  const change = useAction(async (organizationId: string) => {
    await call(api.account.switchOrganization({ body: { organization_id: organizationId } }), 200);
    navigate('/');
    refresh();
  });
  return (
    <div className="org-switcher">
      <label htmlFor={id}>Organization</label>
      <select
        id={id}
        value={session.organization.organization_id}
        onChange={(e) => void change.run(e.target.value)}
        disabled={change.busy}
        data-testid="organization-switcher"
      >
        {session.organizations.map((o) => (
          <option key={o.organization_id} value={o.organization_id}>
            {o.name}
          </option>
        ))}
      </select>
      <div className="org-role">You are {withArticle(session.role)} here</div>
      {change.error !== undefined && <ErrorNotice error={change.error} />}
    </div>
  );
}
