/**
 * The edited files beside the versions the server runs (CodeMirror's merge view, read-only): what the patch holds.
 */

import { MergeView } from '@codemirror/merge';
import { EditorState } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { yaml } from '@codemirror/lang-yaml';
import { useEffect, useRef } from 'react';
import type { Edit } from './patch.ts';

function FileChanges({ edit }: { edit: Edit }) {
  const parent = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const side = (doc: string, label: string) => ({
      doc,
      extensions: [
        lineNumbers(),
        yaml(),
        EditorState.readOnly.of(true),
        EditorView.editable.of(false),
        EditorView.contentAttributes.of({ 'aria-label': `${edit.path}, ${label}`, tabindex: '0' }),
      ],
    });
    const view = new MergeView({
      a: side(edit.before, 'as the server runs it'),
      b: side(edit.after, 'as edited'),
      parent: parent.current!,
      collapseUnchanged: { margin: 3, minSize: 6 },
      gutter: true,
    });
    return () => view.destroy();
  }, [edit]);
  return (
    <section className="wb-file-changes">
      <h5>
        {edit.path} <span className="muted">(left: as the server runs it; right: as edited)</span>
      </h5>
      <div ref={parent} />
    </section>
  );
}

export function ChangesView({ edits }: { edits: Edit[] }) {
  if (!edits.length) return <p className="muted">No file is edited.</p>;
  return (
    <div className="wb-changes">
      {edits.map((e) => (
        <FileChanges key={e.path} edit={e} />
      ))}
    </div>
  );
}
