/** The per-icon path chunks, kept out of the entry chunk (the table names ~1,400 files). */

const paths16 = import.meta.glob<string[]>('../../node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths/*.js', { import: 'default' });
const paths20 = import.meta.glob<string[]>('../../node_modules/@blueprintjs/icons/lib/esm/generated/20px/paths/*.js', { import: 'default' });

/** The SVG paths of one icon at 16 or 20 px. */
export async function iconPaths(name: string, size: number): Promise<string[]> {
  const load = (size === 16 ? paths16 : paths20)[`../../node_modules/@blueprintjs/icons/lib/esm/generated/${size}px/paths/${name}.js`];
  return load ? await load() : [];
}
