/**
 * A list's omni search box: typing updates the box at once and the search after a short pause, so
 * every keystroke is not a request; Esc or the clear button empties it.
 */

import { Button, InputGroup } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';

const DEBOUNCE_MS = 300;

export interface SearchInputProps {
  value: string;
  onSearch: (value: string) => void;
  placeholder: string;
  label: string;
}

export function SearchInput({ value, onSearch, placeholder, label }: SearchInputProps) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  // The search changed from outside (back button, a cleared filter): show it.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text === committed.current) return;
    const t = setTimeout(() => {
      committed.current = text;
      onSearch(text);
    }, DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, onSearch]);
  const clear = () => {
    setText('');
    committed.current = '';
    onSearch('');
  };
  return (
    <InputGroup
      type="text"
      role="searchbox"
      enterKeyHint="search"
      className="search-input"
      leftIcon="search"
      placeholder={placeholder}
      aria-label={label}
      value={text}
      onValueChange={setText}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && text) clear();
      }}
      rightElement={
        text ? <Button variant="minimal" icon="cross" aria-label="Clear search" onClick={clear} /> : undefined
      }
    />
  );
}
