/**
 * Homeowner access on the job's Basic details (ops and the job's contractor): whether the homeowner has
 * joined the portal, which tasks were sent to them, the invitations and whether each was opened; "Invite
 * homeowner" (choose the tasks, send one email with a one-time link) and, for ops, "Send sign-in link".
 */

import {
  Button,
  Callout,
  Card,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLTable,
  InputGroup,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useState } from 'react';
import { fieldErrorsOf, fieldProps } from '../../../lib/components/field-errors.ts';
import { successToast } from '../../../lib/toaster.ts';
import {
  useHomeownerAccess,
  useInviteHomeowner,
  useSendSignInLink,
  type HomeownerAccess,
} from '../api/homeowner-access.ts';
import '../homeowners.css';

export interface HomeownerAccessPanelProps {
  jobId: number;
  /** A preview of another role's view: nothing to do. */
  readOnly?: boolean;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const STATUS_WORD: Record<string, string> = {
  COMPLETE: 'done',
  IN_PROGRESS: 'started',
  READY: 'to do',
  LOCKED: 'not open yet',
};

export function HomeownerAccessPanel({ jobId, readOnly }: HomeownerAccessPanelProps) {
  const access = useHomeownerAccess(jobId);
  const [inviting, setInviting] = useState(false);
  const link = useSendSignInLink(jobId);
  if (access.isLoading) return <Spinner size={20} aria-label="Loading homeowner access" />;
  const a = access.data;
  if (!a) return null;
  const title = (id: string) => [...a.sendable_tasks, ...a.homeowner_only_tasks].find((t) => t.id === id)?.title ?? id;
  const only = a.homeowner_only_tasks.map((t) => t.title);
  const sendLink = () => link.mutate(undefined, { onSuccess: (r) => successToast(`Sign-in link sent to ${r.to}.`) });
  return (
    <Card className="job-card homeowner-access" aria-labelledby="homeowner-access-title">
      <div className="homeowner-access-head">
        <h2 id="homeowner-access-title" className="job-section-title">
          Homeowner access
        </h2>
        {!readOnly && (
          <div className="homeowner-access-actions">
            {a.can_send_sign_in_link && (
              <Button icon="envelope" text="Send sign-in link" loading={link.isPending} onClick={sendLink} />
            )}
            {a.can_invite && a.sendable_tasks.length > 0 && (
              <Button intent="primary" icon="send-message" text="Invite homeowner" onClick={() => setInviting(true)} />
            )}
          </div>
        )}
      </div>
      {a.homeowner ? (
        <p>
          <Tag intent="success" minimal icon="tick">
            Joined
          </Tag>{' '}
          {a.homeowner.name} ({a.homeowner.email}) can open this job in the portal
          {a.sent_tasks ? (
            <> and answer: {[...a.sent_tasks.map(title), ...only].join(', ')}.</>
          ) : (
            ' and answer every homeowner task.'
          )}
        </p>
      ) : (
        <p className="muted">
          The homeowner has not joined the portal for this job yet. Invite them to answer their tasks themselves.
        </p>
      )}
      {only.length > 0 && (
        <p className="muted">
          Only the homeowner can answer: {only.join(', ')}. Every invitation includes{' '}
          {only.length === 1 ? 'it' : 'them'}.
        </p>
      )}
      {a.invites.length > 0 && (
        <HTMLTable compact className="homeowner-invites" aria-label="Invitations sent">
          <thead>
            <tr>
              <th>Sent</th>
              <th>To</th>
              <th>Tasks</th>
              <th>Link</th>
            </tr>
          </thead>
          <tbody>
            {a.invites.map((i) => (
              <tr key={i.id}>
                <td>{when(i.created_at)}</td>
                <td>{i.email}</td>
                <td>{i.tasks.map(title).join(', ')}</td>
                <td>
                  {i.used_at ? (
                    <Tag minimal intent="success">
                      Opened {when(i.used_at)}
                    </Tag>
                  ) : new Date(i.expires_at) < new Date() ? (
                    <Tag minimal>Expired</Tag>
                  ) : (
                    <Tag minimal intent="primary">
                      Not opened yet
                    </Tag>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {inviting && <InviteDialog jobId={jobId} access={a} onClose={() => setInviting(false)} />}
    </Card>
  );
}

/** The homeowner_email_solicitation form's two fields: where the email goes, and which tasks it sends. */
function InviteDialog({ jobId, access, onClose }: { jobId: number; access: HomeownerAccess; onClose: () => void }) {
  const open = access.sendable_tasks.filter((t) => t.status !== 'COMPLETE').map((t) => t.id);
  const [email, setEmail] = useState(access.homeowner?.email ?? access.suggested_email ?? '');
  const [tasks, setTasks] = useState<string[]>(open);
  const invite = useInviteHomeowner(jobId);
  const errors = fieldErrorsOf(invite.error);
  const toggle = (id: string) => setTasks((cur) => (cur.includes(id) ? cur.filter((x) => x !== id) : [...cur, id]));
  const send = () =>
    invite.mutate(
      { invite_email: email.trim(), tasks_to_send_homeowner: tasks },
      {
        onSuccess: () => {
          successToast(`Invitation sent to ${email.trim()}.`);
          onClose();
        },
      },
    );
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title="Invite the homeowner"
      icon="send-message"
      className="job-dialog homeowner-invite-dialog"
    >
      <DialogBody>
        <p>
          The homeowner gets one email with a link that signs them in to this job (no password needed) and shows only
          the tasks you tick. You complete the rest where the program allows it.
        </p>
        <FormGroup label="Homeowner email" labelFor="invite-email" {...fieldProps(errors, 'invite_email')}>
          <InputGroup
            id="invite-email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            intent={errors.invite_email ? 'danger' : 'none'}
            autoComplete="off"
          />
        </FormGroup>
        <FormGroup label="Tasks to send to the homeowner" {...fieldProps(errors, 'tasks_to_send_homeowner')}>
          {access.sendable_tasks.map((t) => (
            <Checkbox key={t.id} checked={tasks.includes(t.id)} onChange={() => toggle(t.id)}>
              {t.title}{' '}
              {t.status !== 'READY' && (
                <span className="muted">({STATUS_WORD[t.status] ?? t.status.toLowerCase()})</span>
              )}
            </Checkbox>
          ))}
          {access.homeowner_only_tasks.map((t) => (
            <Checkbox key={t.id} checked disabled>
              {t.title} <span className="muted">(only the homeowner can answer it: always included)</span>
            </Checkbox>
          ))}
        </FormGroup>
        {invite.error && !Object.keys(errors).length && <Callout intent="danger">{invite.error.message}</Callout>}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button intent="primary" text="Send invitation" loading={invite.isPending} onClick={send} />
          </>
        }
      />
    </Dialog>
  );
}
