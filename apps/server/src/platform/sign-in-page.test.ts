import { PLACEHOLDER_EXTERNAL_LINKS } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { withExternalLinks } from './sign-in-page';

describe('withExternalLinks (issue 46: the pre-rendered sign-in page)', () => {
  it('writes each link in where the build left its placeholder, escaped for an attribute', () => {
    const links = { ...PLACEHOLDER_EXTERNAL_LINKS, terms: 'https://care.example/terms?a=1&b="2"' };
    const html = withExternalLinks(
      '<a href="__PORTAL_LINK_terms__">T</a><a href="__PORTAL_LINK_privacy__">P</a>',
      links,
    );
    expect(html).toBe(
      '<a href="https://care.example/terms?a=1&amp;b=&quot;2&quot;">T</a>' +
        `<a href="${PLACEHOLDER_EXTERNAL_LINKS.privacy}">P</a>`,
    );
  });

  it('leaves a placeholder it has no link for', () => {
    expect(withExternalLinks('__PORTAL_LINK_nothing__', PLACEHOLDER_EXTERNAL_LINKS)).toBe(
      '__PORTAL_LINK_nothing__',
    );
  });
});
