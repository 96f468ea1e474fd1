import sanitizeHtml from 'sanitize-html';
import { sectionMarker, splitSections } from './sections';

/**
 * What provider HTML may hold once stored (issue 17): formatting, lists, tables, images and
 * links. Scripts, styles, frames, forms and their fields, and inert leftovers such as
 * `<textarea>` and `<template>` go, with their content; event handlers and style attributes
 * go; links keep http, https and mailto only. sanitize-html parses with a real HTML parser
 * (htmlparser2), so the boundary is a parser, not a pattern.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'blockquote',
    'code',
    'pre',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start', 'type'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // These lose their content too, not only the tags (the default list plus template & co.).
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'template',
    'option',
    'select',
    'noscript',
    'title',
    'iframe',
    'object',
    'embed',
    'noembed',
    'noframes',
    'xmp',
    'plaintext',
    'svg',
    'math',
    'button',
    'head',
  ],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

function clean(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/**
 * The HTML as stored and served: each section sanitized on its own, the section markers
 * (comments, which the sanitizer drops) written back between them.
 */
export function sanitizeProviderHtml(html: string): string {
  return splitSections(html)
    .map((section, index) => {
      const body = clean(section.html);
      return index === 0 && section.name === '' ? body : `${sectionMarker(section.name)}${body}`;
    })
    .join('\n');
}
