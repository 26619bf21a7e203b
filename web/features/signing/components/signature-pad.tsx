/**
 * A drawn signature: a canvas the size of its box (backing store scaled by devicePixelRatio, redrawn when
 * the box resizes), drawn with pointer events (mouse, touch and pen alike; the page does not scroll while
 * drawing), cleared with Clear. Strokes are kept in box-relative coordinates; after each stroke the pad
 * answers a PNG data URL rendered at a fixed size (smaller if it would pass the server's limit), or null.
 */

import { Button } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { SIGNING_LIMITS } from '../../../../engine/api/signing.ts';

type Point = { x: number; y: number };
type Stroke = Point[];

const INK = '#1c2127';
/** Widths the exported PNG is tried at, largest first. */
const EXPORT_WIDTHS = [600, 450, 300];

/** Draws strokes (0..1 coordinates) on a context of `w` x `h` units. */
function paint(ctx: CanvasRenderingContext2D, strokes: Stroke[], w: number, h: number) {
  ctx.strokeStyle = INK;
  ctx.fillStyle = INK;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(1.5, Math.min(w, h * 3) / 220);
  for (const s of strokes) {
    if (s.length === 1) {
      ctx.beginPath();
      ctx.arc(s[0].x * w, s[0].y * h, ctx.lineWidth / 2, 0, Math.PI * 2);
      ctx.fill();
      continue;
    }
    ctx.beginPath();
    ctx.moveTo(s[0].x * w, s[0].y * h);
    // Through the midpoints, with each point as the control: smooth without lagging behind the pointer.
    for (let i = 1; i < s.length - 1; i++) {
      const mx = ((s[i].x + s[i + 1].x) / 2) * w;
      const my = ((s[i].y + s[i + 1].y) / 2) * h;
      ctx.quadraticCurveTo(s[i].x * w, s[i].y * h, mx, my);
    }
    const last = s[s.length - 1];
    ctx.lineTo(last.x * w, last.y * h);
    ctx.stroke();
  }
}

/** The strokes as a PNG data URL within the server's limit, or null (nothing drawn, or too much ink). */
function exportPng(strokes: Stroke[], aspect: number): string | null {
  if (!strokes.length) return null;
  for (const width of EXPORT_WIDTHS) {
    const c = document.createElement('canvas');
    c.width = width;
    c.height = Math.max(1, Math.round(width * aspect));
    const ctx = c.getContext('2d');
    if (!ctx) return null;
    paint(ctx, strokes, c.width, c.height);
    const url = c.toDataURL('image/png');
    if (url.length <= SIGNING_LIMITS.drawn_max_chars) return url;
  }
  return null;
}

export function SignaturePad({ onChange, invalid }: { onChange: (image: string | null) => void; invalid?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Stroke[]>([]);
  const current = useRef<Stroke | null>(null);
  const frame = useRef(0);
  const [empty, setEmpty] = useState(true);

  const redraw = useCallback(() => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx || !c.width) return;
    const ratio = c.width / Math.max(1, c.clientWidth);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, c.clientWidth, c.clientHeight);
    paint(ctx, strokes.current, c.clientWidth, c.clientHeight);
  }, []);

  const schedule = useCallback(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      redraw();
    });
  }, [redraw]);

  // The backing store follows the box's size and the screen's pixel ratio.
  useEffect(() => {
    const el = box.current;
    const c = canvas.current;
    if (!el || !c) return;
    const fit = () => {
      const w = c.clientWidth;
      const h = c.clientHeight;
      if (!w || !h) return; // hidden (the other tab): fitted when shown
      const ratio = window.devicePixelRatio || 1;
      const bw = Math.round(w * ratio);
      const bh = Math.round(h * ratio);
      if (c.width !== bw || c.height !== bh) {
        c.width = bw;
        c.height = bh;
      }
      redraw();
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    window.addEventListener('resize', fit);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', fit);
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [redraw]);

  const pointOf = (e: { clientX: number; clientY: number }): Point => {
    const r = canvas.current!.getBoundingClientRect();
    const clamp = (v: number) => Math.min(1, Math.max(0, v));
    return {
      x: clamp((e.clientX - r.left) / Math.max(1, r.width)),
      y: clamp((e.clientY - r.top) / Math.max(1, r.height)),
    };
  };

  const down = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    current.current = [pointOf(e)];
    strokes.current.push(current.current);
    schedule();
  };
  const move = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const stroke = current.current;
    if (!stroke) return;
    e.preventDefault();
    const events = e.nativeEvent.getCoalescedEvents?.() ?? [];
    for (const ev of events.length ? events : [e.nativeEvent]) stroke.push(pointOf(ev));
    schedule();
  };
  const up = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!current.current) return;
    current.current = null;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
    const c = canvas.current!;
    setEmpty(false);
    onChange(exportPng(strokes.current, c.clientHeight / Math.max(1, c.clientWidth)));
  };
  const clear = () => {
    strokes.current = [];
    current.current = null;
    redraw();
    setEmpty(true);
    onChange(null);
  };

  return (
    <div className="signature-pad">
      <div ref={box} className={`signature-pad-box${invalid ? ' signature-pad-invalid' : ''}`}>
        <canvas
          ref={canvas}
          className="signature-pad-canvas"
          role="img"
          aria-label="Signature drawing area. To sign with the keyboard, use the Type tab."
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={up}
        />
        {empty && (
          <span className="signature-pad-hint" aria-hidden>
            Draw your signature here
          </span>
        )}
      </div>
      <div className="signature-pad-actions">
        <span className="muted signing-small">Use a mouse, your finger or a pen.</span>
        <Button variant="minimal" size="small" icon="reset" text="Clear" onClick={clear} disabled={empty} />
      </div>
    </div>
  );
}
