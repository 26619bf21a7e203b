import { describe, expect, it } from 'vitest';
import { safeLink, safeReturnPath } from './safe-url.ts';

describe('safeLink', () => {
  it('keeps https links', () => {
    expect(safeLink('https://example.com/a?b=1#c')).toBe('https://example.com/a?b=1#c');
    expect(safeLink('  https://example.com  ')).toBe('https://example.com/');
  });
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>x</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'http://example.com',
    '//example.com',
    '/relative',
    'https://',
    'https://exa mple.com',
    'https:\\\\example.com',
    'java\nscript:alert(1)',
    '',
    null,
    undefined,
  ])('refuses %j', (url) => {
    expect(safeLink(url as string)).toBeNull();
  });
});

describe('safeReturnPath', () => {
  it('keeps paths of this site', () => {
    expect(safeReturnPath('/42?tab=history#x')).toBe('/42?tab=history#x');
    expect(safeReturnPath('/')).toBe('/');
  });
  it.each([
    '//evil.test',
    '/\\evil.test',
    'https://evil.test/',
    'javascript:alert(1)',
    '/login?redirect=/x',
    '/logout',
    '/a\nb',
    '',
    null,
  ])('refuses %j', (p) => {
    expect(safeReturnPath(p as string)).toBeNull();
  });
});
