import { useEffect, useState } from 'react';
import { api, call } from '../api/client.js';
import { usePaged } from '../api/use-paged.js';
import { PagedTable } from '../components/paged-table.js';
import { Empty, PageHead } from '../components/states.js';
import { describeHours } from '../lib/hours.js';
import { Link } from '../lib/router.js';

export function HumansPage() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');

  // Searching as one types, but one request per pause rather than per key.
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(typed.trim()), 250);
    return () => window.clearTimeout(timer);
  }, [typed]);

  const list = usePaged(
    (cursor) => call(api.humans.list({ query: { search: search || undefined, cursor, limit: 50 } }), 200),
    `humans:${search}`,
  );

  return (
    <>
      <PageHead title="Humans" intro="The people agents book time with, each in their own time zone." />
      <div className="filters">
        <div className="field">
          <label htmlFor="human-search">Search</label>
          <input
            id="human-search"
            type="search"
            placeholder="Name, email or role"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
      </div>
      <PagedTable
        label="Humans"
        list={list}
        what="humans"
        columns={['Name', 'Role', 'Time zone', 'Weekly hours']}
        empty={
          search ? (
            <Empty title={`No human matches “${search}”`}>Try part of a name, an email or a role.</Empty>
          ) : (
            <Empty title="No humans yet">
              Add one with your API key: <code>POST /v1/humans</code> with a name and a time zone. It appears here at once.
            </Empty>
          )
        }
        row={(human) => (
          <tr key={human.id}>
            <td data-label="Name">
              <Link to={`/humans/${human.id}`}>{human.name}</Link>
              {human.email && <div className="small muted">{human.email}</div>}
            </td>
            <td data-label="Role">{human.role ?? <span className="muted">—</span>}</td>
            <td data-label="Time zone">{human.timezone}</td>
            <td data-label="Weekly hours">{describeHours(human.availability_rules)}</td>
          </tr>
        )}
      />
    </>
  );
}
