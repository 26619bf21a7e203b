/**
 * What the workbench takes home: the edited files as one patch `git apply` takes in the repository (a `diff --git`
 * header and unified hunks per changed file, paths as the repository names them), written by jsdiff.
 */

import { createTwoFilesPatch } from 'diff';

export interface Edit {
  path: string;
  before: string;
  after: string;
}

/** The patch of every edit that changes its file ('' when none does). */
export function gitPatch(edits: Edit[]): string {
  return edits
    .filter((e) => e.before !== e.after)
    .map((e) => {
      const hunks = createTwoFilesPatch(`a/${e.path}`, `b/${e.path}`, e.before, e.after, undefined, undefined, {
        context: 3,
      });
      // jsdiff opens with an '=====' rule; git reads from the '---' line.
      const body = hunks.slice(hunks.indexOf('--- '));
      return `diff --git a/${e.path} b/${e.path}\n${body}`;
    })
    .join('');
}
