/**
 * The terms editor (ops): title, description, and sections with items; sections and items can be
 * added, removed and moved up or down (buttons, so it works the same with a keyboard and on a phone).
 */

import { Button, ButtonGroup, Callout, Card, FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { fieldProps } from '../../../lib/components/field-errors.ts';
import { FormActions } from '../../../lib/components/form-layout.tsx';
import { LeaveGuard } from '../../../lib/components/leave-guard.tsx';
import type { TermsFields } from '../api/get-terms-version.ts';
import { move, newKey, type SectionDraft, type useTermsForm } from '../hooks/use-terms-form.ts';

export interface TermsEditorProps {
  form: ReturnType<typeof useTermsForm>;
  onSave: (body: TermsFields) => Promise<unknown>;
  saving: boolean;
  saved?: boolean;
  onDiscard: () => void;
  extraActions?: ReactNode;
}

function MoveButtons({
  what,
  index,
  count,
  onMove,
  onRemove,
}: {
  what: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <ButtonGroup variant="minimal" className="terms-row-buttons">
      <Button
        icon="arrow-up"
        aria-label={`Move ${what} up`}
        title={`Move ${what} up`}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      />
      <Button
        icon="arrow-down"
        aria-label={`Move ${what} down`}
        title={`Move ${what} down`}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      />
      <Button icon="trash" intent="danger" aria-label={`Remove ${what}`} title={`Remove ${what}`} onClick={onRemove} />
    </ButtonGroup>
  );
}

export function TermsEditor({ form, onSave, saving, saved, onDiscard, extraActions }: TermsEditorProps) {
  const { values, set, touch, errors } = form;
  const [focusKey, setFocusKey] = useState<number>();
  const sections = values.sections;
  const setSections = (next: SectionDraft[]) => set('sections', next);
  const setSection = (i: number, s: SectionDraft) => setSections(sections.map((x, j) => (j === i ? s : x)));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!(await form.submit(onSave))) {
      requestAnimationFrame(() =>
        document
          .querySelector<HTMLElement>(
            '.terms-editor .bp6-intent-danger input, .terms-editor .bp6-intent-danger textarea',
          )
          ?.focus(),
      );
    }
  }

  return (
    <form className="terms-editor" onSubmit={submit} noValidate>
      <LeaveGuard dirty={form.dirty && !saved} />
      <FormGroup label="Title" labelFor="terms-title" labelInfo="(required)" {...fieldProps(errors, 'title')}>
        <InputGroup
          id="terms-title"
          size="large"
          value={values.title}
          intent={errors.title ? 'danger' : undefined}
          onValueChange={(v) => set('title', v)}
          onBlur={() => touch('title')}
        />
      </FormGroup>
      <FormGroup label="Description" labelFor="terms-description" {...fieldProps(errors, 'description')}>
        <TextArea
          id="terms-description"
          fill
          autoResize
          rows={2}
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
        />
      </FormGroup>

      <h2 className="terms-editor-heading">Sections</h2>
      {errors.sections && (
        <Callout intent="danger" compact className="terms-editor-callout">
          {errors.sections}
        </Callout>
      )}
      {sections.map((s, i) => {
        const titlePath = `sections.${i}.title`;
        return (
          <Card key={s.key} className="terms-section-edit" aria-label={`Section ${i + 1}`} role="group">
            <div className="terms-section-head">
              <span className="terms-number">{i + 1}.</span>
              <FormGroup
                className="terms-grow"
                label={`Section ${i + 1} title`}
                labelFor={`terms-s-${s.key}`}
                {...fieldProps(errors, titlePath)}
              >
                <InputGroup
                  id={`terms-s-${s.key}`}
                  autoFocus={focusKey === s.key}
                  value={s.title}
                  intent={errors[titlePath] ? 'danger' : undefined}
                  onValueChange={(v) => setSection(i, { ...s, title: v })}
                  onBlur={() => touch(titlePath)}
                />
              </FormGroup>
              <MoveButtons
                what="section"
                index={i}
                count={sections.length}
                onMove={(by) => setSections(move(sections, i, by))}
                onRemove={() => setSections(sections.filter((_, j) => j !== i))}
              />
            </div>
            <ol className="terms-items-edit">
              {s.items.map((item, j) => {
                const path = `sections.${i}.items.${j}`;
                return (
                  <li key={item.key}>
                    <span className="terms-number">{`${i + 1}.${j + 1}`}</span>
                    <FormGroup className="terms-grow" {...fieldProps(errors, path)}>
                      <TextArea
                        aria-label={`Item ${i + 1}.${j + 1}`}
                        fill
                        autoResize
                        rows={1}
                        autoFocus={focusKey === item.key}
                        value={item.text}
                        intent={errors[path] ? 'danger' : undefined}
                        onChange={(e) =>
                          setSection(i, {
                            ...s,
                            items: s.items.map((x, k) => (k === j ? { ...x, text: e.currentTarget.value } : x)),
                          })
                        }
                        onBlur={() => touch(path)}
                      />
                    </FormGroup>
                    <MoveButtons
                      what="item"
                      index={j}
                      count={s.items.length}
                      onMove={(by) => setSection(i, { ...s, items: move(s.items, j, by) })}
                      onRemove={() => setSection(i, { ...s, items: s.items.filter((_, k) => k !== j) })}
                    />
                  </li>
                );
              })}
            </ol>
            <Button
              variant="minimal"
              icon="add"
              text="Add item"
              onClick={() => {
                const key = newKey();
                setFocusKey(key);
                setSection(i, { ...s, items: [...s.items, { key, text: '' }] });
              }}
            />
          </Card>
        );
      })}
      <Button
        className="terms-add-section"
        icon="add"
        text="Add section"
        onClick={() => {
          const key = newKey();
          setFocusKey(key);
          setSections([...sections, { key, title: '', items: [{ key: newKey(), text: '' }] }]);
        }}
      />
      <FormActions>
        <Button
          type="submit"
          intent="primary"
          icon="floppy-disk"
          loading={saving}
          disabled={!form.dirty}
          text="Save as new version"
        />
        <Button text="Discard changes" disabled={!form.dirty || saving} onClick={onDiscard} />
        {extraActions}
      </FormActions>
    </form>
  );
}
