/** A rule as readable text, with the raw JSON-Logic one click away. */

import { Button, Code, Collapse } from '@blueprintjs/core';
import { useState } from 'react';
import { describeLogic } from '../../../../engine/index.ts';

export function LogicText({ logic, prefix }: { logic: unknown; prefix?: string }) {
  const [raw, setRaw] = useState(false);
  if (logic === undefined) return <span className="muted">always</span>;
  return (
    <span className="logic-text">
      {prefix && <span className="muted">{prefix} </span>}
      <span>{describeLogic(logic as never)}</span>
      <Button
        size="small"
        variant="minimal"
        className="raw-toggle"
        text={raw ? 'Hide JSON' : 'JSON'}
        onClick={() => setRaw(!raw)}
        aria-expanded={raw}
      />
      <Collapse isOpen={raw}>
        <Code className="raw-json">{JSON.stringify(logic)}</Code>
      </Collapse>
    </span>
  );
}
