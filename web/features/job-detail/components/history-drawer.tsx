/** The job's history, newest first, filtered by record type and by user ('No history has been found.'). */

import { Drawer, FormGroup, HTMLSelect, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import type { JobDetail } from '../api/get-job.ts';
import { useHistory } from '../api/get-history.ts';
import { describeHistory, HISTORY_TYPES } from './job-text.ts';

export const NO_HISTORY = 'No history has been found.';

export function HistoryDrawer({ job, isOpen, onClose }: { job: JobDetail; isOpen: boolean; onClose: () => void }) {
  const [type, setType] = useState('');
  const [user, setUser] = useState('');
  const filters = useMemo(
    () => ({ type: type ? [type] : undefined, user_id: user ? Number(user) : undefined }),
    [type, user],
  );
  const all = useHistory(job.id, {}, isOpen);
  const list = useHistory(job.id, filters, isOpen);
  const users = useMemo(() => {
    const m = new Map<number, string>();
    for (const h of all.data?.items ?? []) if (h.user_id !== null) m.set(h.user_id, h.user_name ?? `User ${h.user_id}`);
    return [...m.entries()].sort((a, b) => a[1].localeCompare(b[1]));
  }, [all.data]);
  const title = (id: string) => job.tasks.find((t) => t.id === id)?.title ?? id.replace(/_/g, ' ');
  const items = list.data?.items;
  return (
    <Drawer isOpen={isOpen} onClose={onClose} title="Job history" icon="history" className="history-drawer" size={480}>
      <div className="history-filters">
        <FormGroup label="Record type" labelFor="history-type" inline={false}>
          <HTMLSelect id="history-type" value={type} onChange={(e) => setType(e.currentTarget.value)} fill>
            <option value="">All records</option>
            {Object.entries(HISTORY_TYPES).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label="User" labelFor="history-user">
          <HTMLSelect id="history-user" value={user} onChange={(e) => setUser(e.currentTarget.value)} fill>
            <option value="">All users</option>
            {users.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </div>
      <div className="history-list" aria-busy={list.isFetching}>
        {!items ? (
          <Spinner className="page-state" />
        ) : items.length === 0 ? (
          <NonIdealState icon="history" title={list.data?.message ?? NO_HISTORY} />
        ) : (
          <ol>
            {items.map((h) => (
              <li key={h.id}>
                <div className="history-what">{describeHistory(h.type, h.detail, title)}</div>
                <div className="muted history-when">
                  {new Date(h.at).toLocaleString()} · {h.user_name ?? 'System'}
                </div>
              </li>
            ))}
          </ol>
        )}
      </div>
    </Drawer>
  );
}
