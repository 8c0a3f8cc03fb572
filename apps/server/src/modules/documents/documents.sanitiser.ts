import { isValidLink } from '@fleetdesk/contracts';
import sanitizeHtml from 'sanitize-html';

/** Where `$uploadImage` puts document images; the only relative image source a document may carry. */
export const DOCUMENT_IMAGE_PATH = /^\/api\/files\/documents\/[A-Za-z0-9-]+\.(png|jpg)$/;

/** An image source we can vouch for: one of our own uploads, or an https address (never data:, http:, //host). */
export function isAllowedImageSource(src: string): boolean {
  if (DOCUMENT_IMAGE_PATH.test(src)) return true;
  try {
    return new URL(src).protocol === 'https:' && /^https:\/\/[^/]/i.test(src);
  } catch {
    return false;
  }
}

const headings = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const textAlign = { 'text-align': [/^(left|right|center|justify)$/] };

/**
 * The allow-list (docs/decisions.md "Customer communication documents"): what a rich-text editor needs for
 * terms and help pages, and nothing that runs, loads a frame, submits or restyles the page. Anything not
 * listed is dropped; the text of dropped script-like elements goes with them.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    ...headings,
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
    'span',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'style'],
    td: ['colspan', 'rowspan', 'style'],
    p: ['style'],
    span: ['style'],
    li: ['style'],
    ...Object.fromEntries(headings.map((h) => [h, ['style']])),
  },
  // Only alignment survives a style attribute: no url(), expression(), position or behaviour tricks.
  allowedStyles: { '*': textAlign },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedClasses: {},
  disallowedTagsMode: 'discard',
  // Their text is code or markup, never document text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'xmp', 'noembed', 'noframes', 'template'],
  allowVulnerableTags: false,
  transformTags: {
    a: (tagName, attribs) => {
      const { href, title, target } = attribs;
      const kept: Record<string, string> = {};
      if (href !== undefined && isValidLink(href)) kept.href = href.trim();
      if (title) kept.title = title;
      // A new tab must not get a handle on this page (reverse tabnabbing).
      if (target === '_blank') {
        kept.target = '_blank';
        kept.rel = 'noopener noreferrer';
      }
      return { tagName, attribs: kept };
    },
    img: (tagName, attribs) => {
      const kept: Record<string, string> = {};
      if (attribs.src && isAllowedImageSource(attribs.src.trim())) kept.src = attribs.src.trim();
      if (attribs.alt) kept.alt = attribs.alt;
      for (const size of ['width', 'height'] as const) {
        const value = attribs[size];
        if (value && /^\d{1,4}$/.test(value)) kept[size] = value;
      }
      return { tagName, attribs: kept };
    },
  },
  // An image whose source was refused is dropped instead of left as an empty box.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** The stored form of one language's HTML: only allow-listed elements, attributes, styles and URLs remain. */
export function sanitiseDocumentHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}
