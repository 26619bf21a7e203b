/**
 * Search (spec sect. 2), opened by Ctrl/Cmd+K or the header button: jobs, or contractors on routes whose
 * name contains 'Contractor'. At least 2 characters; arrow keys move the highlight, Enter opens it, Esc
 * closes, a clear button resets; an empty result says so and suggests another parameter.
 */

import { Button, Callout, Dialog, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  SEARCH_MAX_CHARS,
  SEARCH_MESSAGES as ENGINE_SEARCH_MESSAGES,
  isSearchable,
} from '../../../../engine/search.ts';
import { searchContractors, searchJobs, type ContractorHit, type JobHit } from '../api/search.ts';
import '../search.css';

export const SEARCH_MESSAGES = {
  hint: ENGINE_SEARCH_MESSAGES.too_short,
  none: "Sorry, we didn't find any matches.",
  try_another: 'Try another name, address, code or contact.',
  no_address: 'No primary address found',
} as const;

type Hit = { kind: 'job'; hit: JobHit } | { kind: 'contractor'; hit: ContractorHit };

export default function SearchDialog({
  isOpen,
  onClose,
  routeName,
}: {
  isOpen: boolean;
  onClose: () => void;
  routeName?: string;
}) {
  const contractors = !!routeName && routeName.includes('Contractor');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [hits, setHits] = useState<Hit[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // Keep the highlighted result in view as the arrow keys move it.
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active, hits]);

  useEffect(() => {
    const q = text.trim();
    if (!isSearchable(q)) {
      setHits(null);
      setBusy(false);
      return;
    }
    const ctl = new AbortController();
    setBusy(true);
    // Debounced; a newer query aborts the older one, so a stale answer never shows.
    const t = setTimeout(() => {
      const call = contractors
        ? searchContractors(q, ctl.signal).then((r) => r.items.map((hit): Hit => ({ kind: 'contractor', hit })))
        : searchJobs(q, ctl.signal).then((r) => r.items.map((hit): Hit => ({ kind: 'job', hit })));
      call
        .then((h) => {
          setHits(h);
          setActive(0);
        })
        .catch(() => undefined)
        .finally(() => !ctl.signal.aborted && setBusy(false));
    }, 200);
    return () => {
      clearTimeout(t);
      ctl.abort();
    };
  }, [text, contractors]);

  const open = (h: Hit) => {
    onClose();
    navigate(h.kind === 'job' ? `/${h.hit.id}` : `/contractors/${h.hit.id}`);
  };
  const onKey = (e: React.KeyboardEvent) => {
    if (!hits?.length) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((a) => Math.min(hits.length - 1, a + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      open(hits[active]);
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={contractors ? 'Search contractors' : 'Search jobs'}
      className="search-dialog"
      autoFocus
      enforceFocus
    >
      <div className="search-body">
        <InputGroup
          inputRef={input}
          maxLength={SEARCH_MAX_CHARS}
          autoFocus
          large
          leftIcon="search"
          aria-label="Search"
          placeholder={contractors ? 'Name, contact, address, phone or email' : 'Name, code, address or contractor'}
          value={text}
          onValueChange={setText}
          onKeyDown={onKey}
          aria-controls={hits?.length ? 'search-results' : undefined}
          aria-activedescendant={hits?.length ? `search-hit-${active}` : undefined}
          rightElement={
            text ? (
              <span className="search-right">
                {busy && <Spinner size={16} aria-label="Searching" />}
                <Button
                  variant="minimal"
                  icon="cross"
                  aria-label="Clear"
                  onClick={() => {
                    setText('');
                    input.current?.focus();
                  }}
                />
              </span>
            ) : undefined
          }
        />
        {!isSearchable(text.trim()) && <p className="muted search-hint">{SEARCH_MESSAGES.hint}</p>}
        {hits && hits.length === 0 && (
          <>
            <NonIdealState icon="search" title={SEARCH_MESSAGES.none} className="search-empty" />
            <Callout intent="warning" compact>
              {SEARCH_MESSAGES.try_another}
            </Callout>
          </>
        )}
        {hits && hits.length > 0 && (
          <ul ref={list} id="search-results" className="search-results" role="listbox" aria-label="Results">
            {hits.map((h, i) => (
              <li
                key={`${h.kind}-${h.hit.id}`}
                id={`search-hit-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'active' : undefined}
                onMouseMove={() => i !== active && setActive(i)}
                onClick={() => open(h)}
              >
                {h.kind === 'job' ? (
                  <>
                    <div className="hit-title">
                      <span className={h.hit.is_canceled ? 'canceled-name' : undefined}>{h.hit.full_name}</span>{' '}
                      <code>{h.hit.code}</code>
                    </div>
                    <div className="hit-sub muted">
                      {h.hit.address}
                      {h.hit.city ? `, ${h.hit.city}` : ''}
                      {h.hit.contractor ? ` · ${h.hit.contractor}` : ''}
                    </div>
                    <div className="hit-tags">
                      {h.hit.is_canceled ? (
                        <Tag intent="danger" minimal>
                          Canceled
                        </Tag>
                      ) : (
                        <Tag intent="primary" minimal>
                          {h.hit.stage.label}
                        </Tag>
                      )}{' '}
                      <Tag minimal>{h.hit.program.name}</Tag>
                    </div>
                  </>
                ) : (
                  <>
                    <div className="hit-title">{h.hit.name}</div>
                    <div className="hit-sub muted">
                      {[
                        h.hit.primary_contact,
                        h.hit.address
                          ? `${h.hit.address}${h.hit.city ? `, ${h.hit.city}` : ''}`
                          : SEARCH_MESSAGES.no_address,
                        h.hit.phone,
                        h.hit.email,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </div>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        {hits && hits.length > 0 && (
          <p className="search-keys muted">
            <kbd>↑</kbd> <kbd>↓</kbd> to move · <kbd>Enter</kbd> to open · <kbd>Esc</kbd> to close
          </p>
        )}
      </div>
    </Dialog>
  );
}
