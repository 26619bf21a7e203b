/**
 * Numbers as people type them: thousands separators (',' and spaces) are accepted in every number
 * field, money or not, and dropped on entry so the form stores a number. Text that is not a number
 * is passed on as typed, so the engine says what is wrong with it. The input keeps showing what was
 * typed ("6,200", "12.") until the value changes from outside (a reload, a merge after a conflict).
 */

import { useEffect, useRef, useState } from 'react';

const NUMBER = /^-?(\d+\.?\d*|\.\d+)$/;

/** The typed text without what `strip` matches (separators; money adds '$'), or null when it is not a number. */
export function plainNumber(text: string, strip = /[,\s]/g): string | null {
  const s = text.replace(strip, '');
  return NUMBER.test(s) ? s : null;
}

/** What an input shows and what it last passed on; the text follows the value only when it changed from outside. */
export function useTypedText(value: unknown, format: (v: unknown) => string) {
  const [text, setText] = useState(() => format(value));
  const mine = useRef<unknown>(value);
  const formatNow = useRef(format);
  formatNow.current = format;
  useEffect(() => {
    if (String(value ?? '') !== String(mine.current ?? '')) {
      mine.current = value;
      setText(formatNow.current(value));
    }
  }, [value]);
  /** Records a keystroke: the text shown and the value passed on. */
  const typed = (t: string, v: unknown) => {
    setText(t);
    mine.current = v;
  };
  return { text, setText, mine, typed };
}
