import { describe, expect, it } from 'vitest';
import { documentInput, isBlankHtml, isValidLink, linkTargets } from './documents.ts';

describe('document content rules', () => {
  it.each([
    'https://fleetdesk.example.com/help',
    'http://milanobikehub.it',
    'https://xn--80ak6aa92e.xn--p1ai/page?x=1#top',
    'mailto:help@fleetdesk.example.com',
    'tel:+39 02 1234 5678',
  ])('accepts the link %s', (href) => expect(isValidLink(href)).toBe(true));

  it.each([
    '',
    '/terms',
    'fleetdesk.example.com',
    'http://',
    'https://',
    'https://localhost',
    'javascript:alert(1)',
    'data:text/html,hi',
    'ftp://files.example.com/a',
    'mailto:',
    'tel:',
  ])('refuses the link "%s"', (href) => expect(isValidLink(href)).toBe(false));

  it('reads hrefs as a browser would, entities decoded and any quoting', () => {
    expect(
      linkTargets(`<a href="https://a.example.com?x=1&amp;y=2">a</a><A HREF='/b'>b</A><a title=x href=&#106;s:x>c</a>`),
    ).toEqual(['https://a.example.com?x=1&y=2', '/b', 'js:x']);
  });

  it('calls HTML blank when it has no text and no image', () => {
    expect(isBlankHtml('<p><br></p><p>&nbsp;</p>')).toBe(true);
    expect(isBlankHtml(undefined)).toBe(true);
    expect(isBlankHtml('<p><img src="https://a.example.com/x.png"></p>')).toBe(false);
    expect(isBlankHtml('<p>a</p>')).toBe(false);
  });

  it('puts "English required" and link errors on the language they concern', () => {
    const result = documentInput.safeParse({ content: { it: '<p><a href="/x">x</a></p>' } });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['content.en', 'Submission failed, English version is required'],
      ['content.it', 'Please enter a valid URL'],
    ]);
  });
});
