import { describe, expect, it } from 'vitest';
import { isAllowedImageSource, sanitiseDocumentHtml } from './documents.sanitiser.ts';

/**
 * Known filter-evasion payloads (OWASP XSS filter evasion cheat sheet and friends). Each one must come out
 * of the sanitiser without anything that runs, loads or redirects.
 */
const payloads: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example.com/xss.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC="jav&#x09;ascript:alert(1);">',
  '<IMG SRC=" &#14;  javascript:alert(1);">',
  '<img src="https://example.com/a.png" onload="alert(1)" OnError=alert(2)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="java\nscript:alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="https://example.com" onclick="alert(1)" onmouseover=alert(2)>click</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<math href="javascript:alert(1)">CLICK</math>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<p style="background-image: url(javascript:alert(1))">styled</p>',
  '<p style="width: expression(alert(1))">styled</p>',
  '<div style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</div>',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type="submit"></form>',
  '<button formaction="javascript:alert(1)">go</button>',
  '<body onload=alert(1)>',
  '<base href="javascript:alert(1)//">',
  '<img src="data:image/png;base64,iVBORw0KGgo=">',
  '<img src="//evil.example.com/x.png">',
  '<table background="javascript:alert(1)"><td background="javascript:alert(2)">x</td></table>',
  '<div onmouseover="alert(1)">hover</div>',
  '<video><source onerror="alert(1)"></video>',
  '<details open ontoggle=alert(1)>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<a/href="javascript:alert(1)">slash</a>',
  '<<script>alert(1);//<</script>',
  '<template><img src=x onerror=alert(1)></template>',
  '<a href="https://example.com" style="color:expression(alert(1))">x</a>',
];

const dangerousElements =
  /<\s*\/?\s*(script|iframe|object|embed|svg|math|style|link|meta|form|input|button|base|body|frame|frameset|video|source|details|marquee|xmp|template|noscript)\b/i;

describe('document HTML sanitiser', () => {
  it('has a list of at least 25 payloads', () => {
    expect(payloads.length).toBeGreaterThanOrEqual(25);
  });

  it.each(payloads.map((p) => [p]))('neutralises %s', (payload) => {
    const out = sanitiseDocumentHtml(payload);
    expect(out).not.toMatch(dangerousElements);
    // No event handler attribute, whatever its case or quoting.
    expect(out).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
    expect(out).not.toMatch(/(java|vb)script\s*:/i);
    expect(out).not.toMatch(/data\s*:/i);
    expect(out).not.toMatch(/expression\s*\(|url\s*\(/i);
    expect(out).not.toMatch(/srcdoc|formaction|http-equiv/i);
    // Every surviving style is alignment only.
    for (const [, style] of out.matchAll(/style="([^"]*)"/g))
      expect(style).toMatch(/^text-align:(left|right|center|justify);?$/);
  });

  it('keeps what an editor writes: headings, emphasis, lists, tables, alignment, links and images', () => {
    const html = [
      '<h2 style="text-align: center">Terms</h2>',
      '<p>Read <strong>carefully</strong>, <em>please</em>, <u>now</u> and <s>then</s>.</p>',
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quoted</blockquote>',
      '<table><thead><tr><th>A</th></tr></thead><tbody><tr><td colspan="2">1</td></tr></tbody></table>',
      '<p><a href="https://fleetdesk.example.com/help" title="Help" target="_blank">help</a> ',
      '<a href="mailto:help@fleetdesk.example.com">mail</a> <a href="tel:+390212345678">call</a></p>',
      '<p><img src="/api/files/documents/1b2c3d4e-aaaa-bbbb-cccc-111122223333.png" alt="map" width="300" height="200">',
      '<img src="https://cdn.example.com/logo.png" alt="logo"></p>',
    ].join('');
    const out = sanitiseDocumentHtml(html);
    expect(out).toContain('<h2 style="text-align:center">Terms</h2>');
    expect(out).toContain('<strong>carefully</strong>');
    expect(out).toContain('<td colspan="2">1</td>');
    expect(out).toContain(
      '<a href="https://fleetdesk.example.com/help" title="Help" target="_blank" rel="noopener noreferrer">help</a>',
    );
    expect(out).toContain('<a href="mailto:help@fleetdesk.example.com">mail</a>');
    expect(out).toContain('<a href="tel:+390212345678">call</a>');
    expect(out).toContain(
      '<img src="/api/files/documents/1b2c3d4e-aaaa-bbbb-cccc-111122223333.png" alt="map" width="300" height="200" />',
    );
    expect(out).toContain('<img src="https://cdn.example.com/logo.png" alt="logo" />');
  });

  it('replaces a rel the author wrote and drops target values other than _blank', () => {
    expect(sanitiseDocumentHtml('<a href="https://a.example.com" rel="opener" target="_top">x</a>')).toBe(
      '<a href="https://a.example.com">x</a>',
    );
  });

  it('drops images from other places than our uploads or https', () => {
    for (const src of [
      'http://example.com/a.png',
      '/etc/passwd',
      '/api/files/sites/x.png',
      'x',
      '//example.com/a.png',
    ]) {
      expect(isAllowedImageSource(src), src).toBe(false);
      expect(sanitiseDocumentHtml(`<p>a<img src="${src}">b</p>`)).toBe('<p>ab</p>');
    }
  });
});
