/**
 * One definition file in CodeMirror 6: YAML, line numbers, undo, search, the linter's diagnostics at their line and
 * column with their quick fixes, completion and hover from the workbench. Each file keeps its own editor state
 * (its undo history) while the workbench switches between files.
 */

import { autocompletion, completionKeymap, type CompletionSource } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { yaml } from '@codemirror/lang-yaml';
import { defaultHighlightStyle, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, lintKeymap, setDiagnostics, type Diagnostic as EditorDiagnostic } from '@codemirror/lint';
import { searchKeymap } from '@codemirror/search';
import { EditorState, type Extension } from '@codemirror/state';
import {
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  hoverTooltip,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { useEffect, useRef } from 'react';
import type { Diagnostic } from '../../../../engine/types.ts';
import { quickFixes } from './quick-fix.ts';

export interface EditorHelp {
  complete: CompletionSource;
  /** The words shown when the pointer rests at `pos` of `text`, if any. */
  hover(text: string, pos: number): string | undefined;
}

/** A line and column of the engine's (1-based) as a position in the document, kept inside it. */
function offsetOf(state: EditorState, line: number, col: number): number {
  const l = state.doc.line(Math.min(Math.max(1, line), state.doc.lines));
  return Math.min(l.from + Math.max(0, col - 1), l.to);
}

/** The engine's diagnostics as the editor's, each did-you-mean a quick fix. */
export function editorDiagnostics(state: EditorState, diagnostics: Diagnostic[]): EditorDiagnostic[] {
  return diagnostics.map((d) => {
    const from = offsetOf(state, d.range.line, d.range.col);
    let to = offsetOf(state, d.range.end_line, d.range.end_col);
    if (to <= from) to = state.doc.lineAt(from).to;
    const text = state.sliceDoc(from, to);
    return {
      from,
      to,
      severity: d.severity,
      source: d.code,
      message: d.message,
      actions: quickFixes(d.message, text).map((fix) => ({
        name: fix.label,
        apply: (view: EditorView, a: number, b: number) =>
          view.dispatch({ changes: { from: a, to: b, insert: fix.text } }),
      })),
    };
  });
}

const THEME = EditorView.theme({
  '&': { fontSize: '13px', border: '1px solid var(--wb-border, #c5cbd3)', borderRadius: '3px' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', minHeight: '420px' },
  '&.cm-focused': { outline: '2px solid #2d72d2' },
  '.cm-tooltip-hover': { maxWidth: '420px', padding: '4px 8px' },
});

export interface CodeEditorProps {
  path: string;
  text: string;
  readOnly: boolean;
  diagnostics: Diagnostic[];
  help: EditorHelp;
  onChange(text: string): void;
  /** A line to select and scroll to (set again to go there again). */
  goTo?: { line: number; n: number };
}

export function CodeEditor({ path, text, readOnly, diagnostics, help, onChange, goTo }: CodeEditorProps) {
  const parent = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | undefined>(undefined);
  const states = useRef(new Map<string, EditorState>());
  const latest = useRef({ onChange, help });
  latest.current = { onChange, help };

  const extensions = (ro: boolean): Extension[] => [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightActiveLine(),
    history(),
    indentUnit.of('  '),
    yaml(),
    syntaxHighlighting(defaultHighlightStyle),
    lintGutter(),
    autocompletion({ override: [(ctx) => latest.current.help.complete(ctx)], activateOnTyping: true, icons: false }),
    hoverTooltip((v, pos) => {
      const words = latest.current.help.hover(v.state.doc.toString(), pos);
      if (!words) return null;
      return {
        pos,
        create: () => {
          const dom = document.createElement('div');
          dom.className = 'wb-hover';
          dom.textContent = words;
          return { dom };
        },
      };
    }),
    keymap.of([...completionKeymap, ...lintKeymap, ...searchKeymap, ...historyKeymap, ...defaultKeymap, indentWithTab]),
    EditorState.readOnly.of(ro),
    EditorView.editable.of(!ro),
    // tabindex: a read-only file is still reached and scrolled by keyboard (and axe counts the content focusable).
    EditorView.contentAttributes.of({ 'aria-label': `${path}${ro ? ' (read-only)' : ''}`, tabindex: '0' }),
    EditorView.updateListener.of((u) => {
      if (u.docChanged) latest.current.onChange(u.state.doc.toString());
    }),
    THEME,
  ];

  // One view; each file's state (its undo history) kept while another is shown.
  const shown = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (view.current && shown.current) states.current.set(shown.current, view.current.state);
    const saved = states.current.get(path);
    const state =
      saved && saved.doc.toString() === text
        ? saved
        : EditorState.create({ doc: text, extensions: extensions(readOnly) });
    if (!view.current) view.current = new EditorView({ state, parent: parent.current! });
    else view.current.setState(state);
    shown.current = path;
  }, [path]);

  // Text set from outside (undo all edits): the editor follows.
  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== text)
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: text } });
  }, [text]);

  useEffect(() => {
    const v = view.current;
    if (v) v.dispatch(setDiagnostics(v.state, editorDiagnostics(v.state, diagnostics)));
  }, [diagnostics, path]);

  useEffect(() => {
    const v = view.current;
    if (!v || !goTo) return;
    const line = v.state.doc.line(Math.min(Math.max(1, goTo.line), v.state.doc.lines));
    v.dispatch({ selection: { anchor: line.from, head: line.to }, scrollIntoView: true });
    v.focus();
  }, [goTo]);

  useEffect(
    () => () => {
      view.current?.destroy();
      view.current = undefined;
    },
    [],
  );

  return <div ref={parent} className="wb-editor" data-path={path} />;
}
