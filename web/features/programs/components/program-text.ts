/** How program facts read. */

/** A date (YYYY-MM-DD) as the reader's locale writes it. */
export function showDate(date: string | null | undefined): string {
  if (!date) return '';
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  return new Date(y, m - 1, d).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** An action owner role (spec sect. 3) in words: program_manager -> "Program manager", pe -> "PE". */
export function showOwner(role: string): string {
  if (role === 'pe') return 'PE';
  const words = role.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
