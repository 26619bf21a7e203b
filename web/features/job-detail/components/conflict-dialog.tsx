/**
 * A stale save (409): the task's answers as saved now next to yours, field by field, and which side
 * changed each. 'Load my changes on top' keeps every change you made and takes theirs elsewhere, at the
 * current version, for you to save again; nothing typed is lost.
 */

import { Button, Dialog, DialogBody, DialogFooter, HTMLTable, Tag } from '@blueprintjs/core';
import { changedFields, fieldLabel, formatField } from '../../../forms/values.ts';
import type { FormJson } from '../../../forms/client-form.ts';
import { sameData } from '../hooks/local-draft.ts';
import type { Conflict } from '../hooks/use-task-editor.ts';

type Node = Record<string, unknown>;

export function ConflictDialog({
  conflict,
  form,
  onMerge,
  onTakeTheirs,
  onClose,
}: {
  conflict: Conflict;
  form: FormJson;
  onMerge: () => void;
  onTakeTheirs: () => void;
  onClose: () => void;
}) {
  const current = conflict.current.data ?? {};
  const schema = form.schema as Node;
  const ui = form.ui_schema as Node | undefined;
  const rows = changedFields(ui, current, conflict.mine);
  const changed = (a: unknown, b: unknown) => !sameData({ v: a }, { v: b });
  const when = conflict.current.updated_at ? new Date(conflict.current.updated_at).toLocaleString() : null;
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title="This task was changed by someone else"
      icon="changes"
      className="conflict-dialog"
    >
      <DialogBody>
        <p>
          {conflict.on_open
            ? 'You have unsaved changes on this device, and the task has been saved since'
            : 'The task was saved by someone else after you opened it'}
          {when ? ` (${when})` : ''}. Your answers are safe. Compare them below, then load your changes on top of the
          current version and save again.
        </p>
        {rows.length === 0 ? (
          <p className="muted">The answers are the same; only the version changed.</p>
        ) : (
          <div className="rebate-lines-scroll">
            <HTMLTable compact striped className="conflict-table">
              <thead>
                <tr>
                  <th>Field</th>
                  <th>Saved now</th>
                  <th>Yours</th>
                  <th>After loading yours</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((k) => {
                  const mine = changed(conflict.mine[k], conflict.base[k]);
                  const theirs = changed(current[k], conflict.base[k]);
                  return (
                    <tr key={k}>
                      <td>{fieldLabel(schema, ui, k)}</td>
                      <td className={theirs ? 'conflict-changed' : undefined}>
                        {formatField(schema, ui, k, current[k])}
                      </td>
                      <td className={mine ? 'conflict-changed' : undefined}>
                        {formatField(schema, ui, k, conflict.mine[k])}
                      </td>
                      <td>
                        {mine && theirs ? (
                          <Tag minimal intent="warning">
                            Both changed: yours
                          </Tag>
                        ) : mine ? (
                          <Tag minimal intent="primary">
                            Yours
                          </Tag>
                        ) : (
                          <Tag minimal>Saved</Tag>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </HTMLTable>
          </div>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Discard mine, use saved" intent="danger" variant="minimal" onClick={onTakeTheirs} />
            <Button text="Load my changes on top" intent="primary" icon="git-merge" onClick={onMerge} />
          </>
        }
      >
        <Button text="Decide later" variant="minimal" onClick={onClose} />
      </DialogFooter>
    </Dialog>
  );
}
