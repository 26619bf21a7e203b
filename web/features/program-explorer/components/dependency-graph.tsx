/**
 * The task graph of a program, left to right and grouped by stage, laid out by ELK (elkjs, layered
 * with stage partitions: no hand-placed coordinates). Nodes are coloured by owner; with a job, each
 * task shows its live status from the engine. Clicking a node selects it.
 */

import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { Program } from '../../../../engine/index.ts';
import type { ElkNode } from 'elkjs/lib/elk-api';
import { OWNER_COLORS } from './owner-colors.ts';

const W = 190;
const H = 68;
/** Characters of a title per line in a node; a title takes up to two lines (the full text is in its tooltip and
 * accessible name). */
const LINE = 26;

/** A title in at most two lines of about LINE characters, broken between words. */
export function titleLines(title: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/)) {
    if (line && `${line} ${word}`.length > LINE) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  if (lines.length <= 2) return lines;
  const second = lines.slice(1).join(' ');
  return [lines[0], second.length > LINE ? `${second.slice(0, LINE - 1).trimEnd()}…` : second];
}

interface Laid {
  nodes: { id: string; x: number; y: number }[];
  edges: { id: string; points: { x: number; y: number }[] }[];
  width: number;
  height: number;
}

async function layout(program: Program): Promise<Laid> {
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  const elk = new ELK();
  const ids = new Set(program.tasks.map((t) => t.id));
  const input: ElkNode = {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.partitioning.activate': 'true',
      // One layout for all tasks, so unconnected tasks still sit in their stage's columns.
      'elk.separateConnectedComponents': 'false',
      'elk.spacing.nodeNode': '18',
      'elk.layered.spacing.nodeNodeBetweenLayers': '46',
      'elk.edgeRouting': 'ORTHOGONAL',
    },
    children: program.tasks.map((t) => ({
      id: t.id,
      width: W,
      height: H,
      layoutOptions: { 'elk.partitioning.partition': String(t.stage) },
    })),
    edges: program.tasks.flatMap((t) =>
      t.after.filter((a) => ids.has(a)).map((a) => ({ id: `${a}->${t.id}`, sources: [a], targets: [t.id] })),
    ),
  };
  const graph = await elk.layout(input);
  return {
    nodes: (graph.children ?? []).map((n) => ({ id: n.id, x: n.x ?? 0, y: n.y ?? 0 })),
    edges: (graph.edges ?? []).map((e) => {
      const s = e.sections?.[0];
      return { id: e.id, points: s ? [s.startPoint, ...(s.bendPoints ?? []), s.endPoint] : [] };
    }),
    width: graph.width ?? 0,
    height: graph.height ?? 0,
  };
}

const STATUS_STROKE: Record<string, string> = {
  COMPLETE: '#238551',
  IN_PROGRESS: '#2d72d2',
  READY: '#c87619',
  LOCKED: '#8f99a8',
};

export function DependencyGraph({
  program,
  selected,
  onSelect,
  statuses,
}: {
  program: Program;
  selected?: string;
  onSelect: (id: string) => void;
  statuses?: Record<string, string>;
}) {
  const [laid, setLaid] = useState<Laid | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setLaid(null);
    layout(program)
      .then((l) => live && setLaid(l))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [program]);
  if (error) return <NonIdealState icon="error" title="The graph could not be laid out." description={error} />;
  if (!laid) return <Spinner />;
  const byId = new Map(program.tasks.map((t) => [t.id, t]));
  // Stage bands: the horizontal extent of each stage's nodes.
  const bands = program.stage_model.stages
    .map((s) => {
      const xs = laid.nodes.filter((n) => byId.get(n.id)?.stage === s.number).map((n) => n.x);
      return xs.length ? { stage: s, x0: Math.min(...xs) - 10, x1: Math.max(...xs) + W + 10 } : null;
    })
    .filter((b): b is NonNullable<typeof b> => b !== null);
  const top = 34;
  return (
    <div className="graph-scroll">
      <svg
        width={laid.width + 20}
        height={laid.height + top + 20}
        role="group"
        aria-label={`Task dependencies of ${program.name}`}
        className="dep-graph"
      >
        <defs>
          <marker
            id="arrow"
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto-start-reverse"
          >
            <path d="M 0 0 L 10 5 L 0 10 z" fill="#8f99a8" />
          </marker>
        </defs>
        <g transform={`translate(10, ${top})`}>
          {bands.map((b) => (
            <g key={b.stage.number} className="stage-band">
              <rect x={b.x0} y={-top + 4} width={b.x1 - b.x0} height={laid.height + top + 6} rx={8} fill="#f3f4f6" />
              <text x={b.x0 + 8} y={-top + 20} className="stage-label">{`${b.stage.number}. ${b.stage.label}`}</text>
            </g>
          ))}
          {laid.edges.map((e) => (
            <polyline
              key={e.id}
              points={e.points.map((p) => `${p.x},${p.y}`).join(' ')}
              fill="none"
              stroke="#8f99a8"
              strokeWidth={1.3}
              markerEnd="url(#arrow)"
            />
          ))}
          {laid.nodes.map((n) => {
            const t = byId.get(n.id)!;
            const status = statuses?.[n.id];
            const isSel = selected === n.id;
            return (
              <g
                key={n.id}
                transform={`translate(${n.x}, ${n.y})`}
                className={`task-node${isSel ? ' selected' : ''}`}
                data-task={n.id}
                role="button"
                tabIndex={0}
                aria-label={`${t.title} (${t.owner}${status ? `, ${status}` : ''})`}
                onClick={() => onSelect(n.id)}
                onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onSelect(n.id)}
              >
                <rect
                  width={W}
                  height={H}
                  rx={6}
                  fill={OWNER_COLORS[t.owner] ?? '#eee'}
                  stroke={isSel ? '#1c2127' : status ? STATUS_STROKE[status] : '#abb3bf'}
                  strokeWidth={isSel ? 2.5 : status ? 2 : 1}
                />
                <title>{t.title}</title>
                <text x={8} y={19} className="node-title">
                  {titleLines(t.title).map((l, i) => (
                    <tspan key={i} x={8} dy={i === 0 ? 0 : 15}>
                      {l}
                    </tspan>
                  ))}
                </text>
                <text x={8} y={56} className="node-sub">
                  {status ? `${t.owner} · ${status}` : t.owner}
                </text>
              </g>
            );
          })}
        </g>
      </svg>
    </div>
  );
}
