/**
 * The forms' presentation facts are data the meta-schema checks, and the web app honours them all: every
 * `ui:widget` the meta-schema allows is a widget of the theme (and no other), every `section:` a form
 * may name is a tab of the job detail.
 */

import { describe, expect, it } from 'vitest';
import taskFormSchema from '../../engine/schema/task-form.schema.json';
import { JOB_SECTIONS } from '../../engine/constants.ts';
import { WIDGET_NAMES, widgets } from '../../web/forms/index.ts';
import { JOB_TABS } from '../../web/features/job-detail/components/task-sections.ts';

describe('the form contract', () => {
  it("the meta-schema's widget names are exactly the theme's widgets", () => {
    const allowed = (taskFormSchema.definitions.ui_node.properties['ui:widget'].enum as string[]).slice().sort();
    expect(allowed).toEqual([...WIDGET_NAMES].sort());
    for (const name of allowed) expect(widgets, name).toHaveProperty(name);
  });

  it("the meta-schema's sections are the engine's, and each is a tab of the job detail", () => {
    expect(taskFormSchema.properties.section.enum).toEqual([...JOB_SECTIONS]);
    const tabs = JOB_TABS.map((t) => t.id as string);
    for (const s of JOB_SECTIONS) expect(tabs).toContain(s);
  });
});
