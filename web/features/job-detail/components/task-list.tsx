/** Tasks as rows that open their form: status, owner, what a locked task waits for, drafts and exceptions. */

import { Icon, Tag } from '@blueprintjs/core';
import type { JobTask } from '../api/get-job.ts';
import { OWNER_LABELS, taskStatus, type Viewer } from './job-text.ts';
import { isOpenTask } from '../../../../engine/submission.ts';

export interface TaskListProps {
  tasks: JobTask[];
  /** Every task of the job (to name what a locked task waits for). */
  all: JobTask[];
  viewer: Viewer;
  onOpen: (taskId: string) => void;
  /** Tasks with unsaved changes kept on this device. */
  localDrafts: string[];
}

export function TaskList({ tasks, all, viewer, onOpen, localDrafts }: TaskListProps) {
  const title = (id: string) => all.find((t) => t.id === id)?.title ?? id.replace(/_/g, ' ');
  return (
    <ul className="task-list">
      {tasks.map((t) => {
        const s = taskStatus(t, viewer);
        const yours = t.can_edit && isOpenTask(t);
        return (
          <li key={t.id}>
            <button
              type="button"
              className={`task-row task-row-${t.status.toLowerCase()}${yours ? ' task-row-yours' : ''}`}
              onClick={() => onOpen(t.id)}
            >
              <Icon icon={s.icon} intent={s.intent} className="task-row-icon" />
              <span className="task-row-main">
                <span className="task-row-title">{t.title}</span>
                <span className="task-row-meta">
                  <Tag minimal intent={s.intent}>
                    {s.text}
                  </Tag>
                  {/* A homeowner's list holds only their own tasks: no owner to name (never "Homeowner" to them). */}
                  {viewer !== 'homeowner' && (viewer === 'ops' || t.status !== 'READY') && (
                    <span className="muted">{OWNER_LABELS[t.owner]}</span>
                  )}
                  {t.owner_override && viewer === 'ops' && <span className="muted">(transferred)</span>}
                  {t.status === 'LOCKED' && t.blocked_by.length > 0 && (
                    <span className="muted">Waiting on: {t.blocked_by.map(title).join(', ')}</span>
                  )}
                  {t.exceptions.contractor && viewer !== 'homeowner' && (
                    <Tag minimal intent="danger" icon="flag">
                      Contractor exception
                    </Tag>
                  )}
                  {t.exceptions.ops && viewer === 'ops' && (
                    <Tag minimal intent="danger" icon="flag">
                      Ops exception
                    </Tag>
                  )}
                  {localDrafts.includes(t.id) ? (
                    <Tag minimal intent="warning" icon="floppy-disk">
                      Unsaved changes on this device
                    </Tag>
                  ) : (
                    t.has_unsubmitted_changes && (
                      <Tag minimal icon="document">
                        Draft saved
                      </Tag>
                    )
                  )}
                </span>
              </span>
              <span className="task-row-open">
                {yours ? 'Open' : 'View'}
                <Icon icon="chevron-right" />
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
