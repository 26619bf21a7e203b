/** Terms and conditions: saving creates a new version; restoring an old one copies it as a new version; one current. */

import type { AuthUser, Deps } from '../../context.ts';
import { notFound } from '../../errors.ts';
import * as db from '../../db/admin.db.ts';

export async function listTerms(deps: Deps, page: { page_number: number; per_page: number }) {
  return { ...(await db.listTermsVersions(deps.db, page)), ...page };
}

export async function readTerms(deps: Deps, id: number) {
  const t = await db.getTermsVersion(deps.db, id);
  if (!t) throw notFound('Terms and conditions not found');
  return t;
}

export async function currentTerms(deps: Deps) {
  const t = await db.currentTermsVersion(deps.db);
  if (!t) throw notFound('No terms and conditions yet');
  return t;
}

/** Saves the document as a new current version (earlier versions are never changed). */
export async function saveTerms(
  deps: Deps,
  user: AuthUser,
  t: { title: string; description: string; sections: db.TermsSection[] },
) {
  const id = await db.insertTermsVersion(deps.db, { ...t, created_by: user.id, at: deps.now().toISOString() });
  return readTerms(deps, id);
}

/** Restores an old version: a copy of it becomes the new current version. */
export async function restoreTerms(deps: Deps, user: AuthUser, id: number) {
  const old = await readTerms(deps, id);
  const newId = await db.insertTermsVersion(deps.db, {
    title: old.title,
    description: old.description,
    sections: old.sections,
    restored_from: old.id,
    created_by: user.id,
    at: deps.now().toISOString(),
  });
  return readTerms(deps, newId);
}
