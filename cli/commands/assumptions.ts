/** `rebate assumptions`: every `# assumption:` comment of the definitions, as docs/assumptions.md lists them. */

import { readDefinitionFiles } from '../read-files.ts';

/** The assumption comments of the definitions, one Markdown line each, grouped by file. */
export function listAssumptions(cwd: string): string[] {
  const lines: string[] = [];
  for (const f of readDefinitionFiles([], cwd).sort((a, b) => a.path.localeCompare(b.path))) {
    f.text.split('\n').forEach((text) => {
      const m = /#\s*assumption:\s*(.*)$/.exec(text);
      if (m) lines.push(`- \`${f.path}\`: ${m[1].trim()}`);
    });
  }
  return lines;
}
