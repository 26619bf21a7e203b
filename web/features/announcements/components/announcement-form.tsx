/**
 * The announcement form (ops): title, valid from / until, content, YouTube video link, image link,
 * link, and who sees it (all or specific contractors, all or specific programs).
 */

import { Button, FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import type { FormEvent, ReactNode } from 'react';
import { fieldProps } from '../../../lib/components/field-errors.ts';
import { FormActions, FormGrid } from '../../../lib/components/form-layout.tsx';
import { LeaveGuard } from '../../../lib/components/leave-guard.tsx';
import type { AnnouncementFields } from '../api/get-announcement.ts';
import { useContractorOptions, useProgramOptions } from '../api/get-audience-options.ts';
import type { AnnouncementFormValues, useAnnouncementForm } from '../hooks/use-announcement-form.ts';
import { AudiencePicker } from './audience-picker.tsx';

type TextKey = 'title' | 'valid_from' | 'valid_until' | 'video_url' | 'image_url' | 'link';

export interface AnnouncementFormProps {
  form: ReturnType<typeof useAnnouncementForm>;
  onSave: (body: AnnouncementFields) => Promise<unknown>;
  onCancel: () => void;
  saveText: string;
  saving: boolean;
  saved?: boolean;
  /** Extra buttons (delete). */
  extraActions?: ReactNode;
}

export function AnnouncementForm({
  form,
  onSave,
  onCancel,
  saveText,
  saving,
  saved,
  extraActions,
}: AnnouncementFormProps) {
  const { values, set, touch, errors } = form;
  const contractors = useContractorOptions();
  const programs = useProgramOptions();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!(await form.submit(onSave))) {
      requestAnimationFrame(() =>
        document
          .querySelector<HTMLElement>(
            '.announcement-form .bp6-intent-danger input, .announcement-form .bp6-intent-danger textarea',
          )
          ?.focus(),
      );
    }
  }

  const input = (
    key: TextKey,
    label: string,
    opts: { type?: string; placeholder?: string; wide?: boolean; required?: boolean; help?: string } = {},
  ) => (
    <FormGroup
      className={opts.wide ? 'form-grid-wide' : undefined}
      label={label}
      labelFor={`announcement-${key}`}
      labelInfo={opts.required ? '(required)' : undefined}
      helperText={errors[key] ?? opts.help}
      intent={errors[key] ? 'danger' : undefined}
    >
      <InputGroup
        id={`announcement-${key}`}
        type={opts.type ?? 'text'}
        placeholder={opts.placeholder}
        value={values[key as keyof AnnouncementFormValues] as string}
        intent={errors[key] ? 'danger' : undefined}
        onValueChange={(v) => set(key, v)}
        onBlur={() => touch(key)}
      />
    </FormGroup>
  );

  return (
    <form className="announcement-form" onSubmit={submit} noValidate>
      <LeaveGuard dirty={form.dirty && !saved} />
      <FormGrid>
        {input('title', 'Title', { wide: true, required: true })}
        {input('valid_from', 'Valid from', { type: 'date', help: 'Empty: shows from now on.' })}
        {input('valid_until', 'Valid until', { type: 'date', help: 'Empty: no end date.' })}
        <FormGroup
          className="form-grid-wide"
          label="Content"
          labelFor="announcement-content"
          labelInfo="(required)"
          {...fieldProps(errors, 'content')}
        >
          <TextArea
            id="announcement-content"
            fill
            autoResize
            rows={5}
            value={values.content}
            intent={errors.content ? 'danger' : undefined}
            onChange={(e) => set('content', e.currentTarget.value)}
            onBlur={() => touch('content')}
          />
        </FormGroup>
        {input('video_url', 'YouTube video URL', {
          type: 'url',
          wide: true,
          placeholder: 'https://www.youtube.com/watch?v=…',
        })}
        {input('image_url', 'Image URL', { type: 'url', placeholder: 'https://…' })}
        {input('link', 'Link', { type: 'url', placeholder: 'https://…' })}
        <div className="form-grid-wide">
          <AudiencePicker
            name="contractors"
            noun="contractors"
            value={values.contractor_ids}
            onChange={(v) => set('contractor_ids', v)}
            options={contractors.data}
            error={errors.contractor_ids}
          />
        </div>
        <div className="form-grid-wide">
          <AudiencePicker
            name="programs"
            noun="programs"
            value={values.program_ids}
            onChange={(v) => set('program_ids', v)}
            options={programs.data}
            error={errors.program_ids}
          />
        </div>
      </FormGrid>
      <FormActions>
        <Button type="submit" intent="primary" loading={saving} text={saveText} />
        <Button text="Cancel" onClick={onCancel} disabled={saving} />
        {extraActions}
      </FormActions>
    </form>
  );
}
