/**
 * The cost curve's printing (bench/curve.ts): a Markdown table per backend (each figure per size, its growth factor
 * from one size to the next beside the naive way's, the target held or not at the largest size) and an SVG plot of the
 * times on log-log axes. Pure functions of the recorded figures (bench/record.ts).
 */

import type { SizeFigures } from './record.ts';
import { MEASURES, type Measure, type Unit } from './curve-measures.ts';

export interface Curve {
  sizes: number[];
  /** size -> bench -> backend -> figures. */
  figures: Record<number, SizeFigures>;
  /** size -> seconds that size's benches took. */
  seconds: Record<number, number>;
}

export { MEASURES };

export const BACKENDS = ['SQLite', 'PostgreSQL'];

const num = (n: number, digits: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A figure in its unit, short. */
export function show(value: number | undefined, unit: Unit): string {
  if (value === undefined || !Number.isFinite(value)) return '-';
  if (unit === '%') return `${num(value, 1)}%`;
  if (unit === 'bytes')
    return value >= 2 ** 30
      ? `${num(value / 2 ** 30, 2)} GB`
      : `${num(value / 2 ** 20, value < 10 * 2 ** 20 ? 1 : 0)} MB`;
  if (value >= 10_000) return `${num(value / 1000, 1)} s`;
  return `${num(value, value < 10 ? 2 : value < 100 ? 1 : 0)} ms`;
}

const sizeName = (n: number) =>
  n >= 1e6 && n % 1e6 === 0 ? `${n / 1e6}M` : n >= 1e3 && n % 1e3 === 0 ? `${n / 1e3}k` : String(n);

/** A figure of the curve, when recorded. */
export function figureOf(curve: Curve, size: number, m: Measure, backend: string): number | undefined {
  const v = curve.figures[size]?.[m.bench]?.[backend]?.[m.key];
  return typeof v === 'number' ? v : undefined;
}

const growth = (from: number | undefined, to: number | undefined) =>
  from === undefined || to === undefined || from <= 0 ? '-' : `×${num(to / from, to / from < 10 ? 2 : 1)}`;

/** Whether the target holds at the size (deep page: within page 1's p95 plus a millisecond of noise). */
export function held(curve: Curve, size: number, m: Measure, backend: string): boolean | undefined {
  const v = figureOf(curve, size, m, backend);
  if (v === undefined || (m.max === undefined && m.min === undefined && !m.withinFirstPage)) return undefined;
  if (m.withinFirstPage) {
    const first = figureOf(
      curve,
      size,
      MEASURES.find((x) => x.key === 'first_page_p95')!,
      backend,
    );
    return first === undefined ? undefined : v <= Math.max(first + 1, first * 1.5);
  }
  return m.max !== undefined ? v < m.max : v >= m.min!;
}

/** The curve as Markdown: one table per backend that has figures. */
export function curveTables(curve: Curve): string {
  const { sizes } = curve;
  const steps = sizes.slice(1).map((s, i) => [sizes[i], s] as const);
  const out: string[] = [];
  for (const backend of BACKENDS) {
    const measures = MEASURES.filter((m) => sizes.some((s) => figureOf(curve, s, m, backend) !== undefined));
    if (!measures.length) continue;
    const head = [
      'measure',
      ...sizes.map(sizeName),
      ...steps.map(([a, b]) => `growth ${sizeName(a)} → ${sizeName(b)}`),
      ...steps.map(([a, b]) => `naive ${sizeName(a)} → ${sizeName(b)}`),
      `target at ${sizeName(sizes.at(-1)!)}`,
    ];
    const rows = measures.map((m) => {
      const naive: Measure = { ...m, key: m.naive ?? '' };
      const last = sizes.at(-1)!;
      const ok = held(curve, last, m, backend);
      return [
        m.label,
        ...sizes.map((s) => show(figureOf(curve, s, m, backend), m.unit)),
        ...steps.map(([a, b]) => growth(figureOf(curve, a, m, backend), figureOf(curve, b, m, backend))),
        ...steps.map(([a, b]) => {
          const on = m.naiveOnBackend ? backend : 'naive';
          return m.naive ? growth(figureOf(curve, a, naive, on), figureOf(curve, b, naive, on)) : '';
        }),
        m.target ? `${m.target}: ${ok === undefined ? '-' : ok ? 'held' : '**not held**'}` : '',
      ];
    });
    out.push(`${backend}\n`, markdownTable(head, rows), '');
  }
  const data = steps
    .map(
      ([a, b]) =>
        `${sizeName(a)} → ${sizeName(b)}: the data ×${num(b / a, 1)}, its logarithm ×${num(Math.log(b) / Math.log(a), 2)}`,
    )
    .join('; ');
  if (data)
    out.push(`Growth of the data: ${data}. Naive: the same queries without secondary indexes; fuse.js over every job.`);
  return out.join('\n');
}

function markdownTable(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

const COLORS = ['#2965cc', '#29a634', '#d99e0b', '#d13913', '#8f398f', '#00b3a4', '#7157d9'];
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;');

/** A power of ten of milliseconds, as an axis names it: 0.1 ms, 1 ms, 10 ms, 100 ms, 1 s, 10 s, 100 s. */
const axisLabel = (v: number) => (v >= 1000 ? `${v / 1000} s` : `${Number(v.toPrecision(1))} ms`);

/** The plotted times on log-log axes: a colour per measure, SQLite solid, PostgreSQL dashed. */
export function curveSvg(curve: Curve): string {
  const [W, H, left, right, top, bottom] = [900, 440, 70, 380, 30, 50];
  const measures = MEASURES.filter((m) => m.plot);
  const series = measures
    .flatMap((m, i) =>
      BACKENDS.map((backend) => ({
        m,
        backend,
        color: COLORS[i % COLORS.length],
        points: curve.sizes
          .map((s) => [s, figureOf(curve, s, m, backend)] as const)
          .filter((p): p is readonly [number, number] => p[1] !== undefined && p[1] > 0),
      })),
    )
    .filter((s) => s.points.length);
  const ys = series.flatMap((s) => s.points.map((p) => p[1]));
  const [x0, x1] = [Math.log10(curve.sizes[0]), Math.log10(curve.sizes.at(-1)!)];
  const [y0, y1] = [Math.floor(Math.log10(Math.min(...ys, 1))), Math.ceil(Math.log10(Math.max(...ys, 10)))];
  const px = (v: number) => left + ((Math.log10(v) - x0) / (x1 - x0 || 1)) * (W - left - right);
  const py = (v: number) => top + (1 - (Math.log10(v) - y0) / (y1 - y0 || 1)) * (H - top - bottom);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${left}" y="18" font-size="14" font-weight="bold">Cost per size (log-log): SQLite solid, PostgreSQL dashed</text>`,
  ];
  for (let e = y0; e <= y1; e++) {
    const y = py(10 ** e);
    parts.push(
      `<line x1="${left}" x2="${W - right}" y1="${y}" y2="${y}" stroke="#ddd"/>`,
      `<text x="${left - 6}" y="${y + 4}" text-anchor="end">${axisLabel(10 ** e)}</text>`,
    );
  }
  for (const s of curve.sizes) {
    const x = px(s);
    parts.push(
      `<line x1="${x}" x2="${x}" y1="${top}" y2="${H - bottom}" stroke="#ddd"/>`,
      `<text x="${x}" y="${H - bottom + 18}" text-anchor="middle">${sizeName(s)} jobs</text>`,
    );
  }
  // The data's own growth (linear), from the lowest first point, for the eye.
  const base = Math.min(...series.map((s) => s.points[0][1]));
  const [sa, sb] = [curve.sizes[0], curve.sizes.at(-1)!];
  parts.push(
    `<line x1="${px(sa)}" y1="${py(base)}" x2="${px(sb)}" y2="${py(base * (sb / sa))}" stroke="#999" stroke-dasharray="2 4"/>`,
  );
  series.forEach((s) => {
    const d = s.points.map(([x, y], i) => `${i ? 'L' : 'M'}${px(x).toFixed(1)},${py(y).toFixed(1)}`).join(' ');
    const dash = s.backend === 'PostgreSQL' ? ' stroke-dasharray="7 4"' : '';
    parts.push(`<path d="${d}" fill="none" stroke="${s.color}" stroke-width="2"${dash}/>`);
    for (const [x, y] of s.points)
      parts.push(`<circle cx="${px(x).toFixed(1)}" cy="${py(y).toFixed(1)}" r="3" fill="${s.color}"/>`);
  });
  measures.forEach((m, i) => {
    const y = top + 10 + i * 20;
    parts.push(
      `<line x1="${W - right + 16}" x2="${W - right + 40}" y1="${y}" y2="${y}" stroke="${COLORS[i % COLORS.length]}" stroke-width="2"/>`,
      `<text x="${W - right + 46}" y="${y + 4}">${esc(m.label)}</text>`,
    );
  });
  const ly = top + 10 + measures.length * 20;
  parts.push(
    `<line x1="${W - right + 16}" x2="${W - right + 40}" y1="${ly}" y2="${ly}" stroke="#999" stroke-dasharray="2 4"/>`,
    `<text x="${W - right + 46}" y="${ly + 4}">linear in the jobs (for the eye)</text>`,
    '</svg>',
  );
  return `${parts.join('\n')}\n`;
}
