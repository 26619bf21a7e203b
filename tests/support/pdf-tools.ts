/**
 * Poppler's and qpdf's command-line tools on a PDF (what a user's viewer and an auditor's checker read): the bytes are
 * written to a temporary file, the tool's output (stdout and stderr, and its exit status when it failed) returned.
 */

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function pdfTool(
  bytes: Uint8Array,
  cmd: 'pdftotext' | 'pdffonts' | 'pdfsig' | 'qpdf',
  args: (file: string) => string[],
): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, bytes);
    return execFileSync(cmd, args(file), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const x = e as { stdout?: string; stderr?: string; status?: number };
    return `${x.stdout ?? ''}${x.stderr ?? ''}\nexit status ${x.status ?? String(e)}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
