/** "file.yaml:88": opens the definition's YAML at that line (the very file the server loaded). */

import { Button, Dialog, DialogBody } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import type { SourceFile, SourceRange } from '../../../../engine/index.ts';

export function SourceLink({ range, files }: { range: SourceRange | undefined; files: SourceFile[] }) {
  const [open, setOpen] = useState(false);
  const lineRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) setTimeout(() => lineRef.current?.scrollIntoView({ block: 'center' }), 50);
  }, [open]);
  if (!range) return null;
  const file = files.find((f) => f.path === range.file || f.path.endsWith(range.file));
  const lines = file?.text.split('\n') ?? [];
  return (
    <>
      <Button
        size="small"
        variant="minimal"
        icon="document-open"
        className="source-link"
        text={`${range.file}:${range.line}`}
        onClick={() => setOpen(true)}
      />
      <Dialog
        isOpen={open}
        onClose={() => setOpen(false)}
        title={`${range.file}:${range.line}`}
        className="source-dialog"
      >
        <DialogBody>
          <pre className="yaml-source">
            {lines.map((l, i) => (
              <div
                key={i}
                ref={i + 1 === range.line ? lineRef : undefined}
                className={i + 1 >= range.line && i + 1 <= range.end_line ? 'hl' : undefined}
              >
                <span className="ln">{i + 1}</span>
                {l || ' '}
              </div>
            ))}
          </pre>
        </DialogBody>
      </Dialog>
    </>
  );
}
