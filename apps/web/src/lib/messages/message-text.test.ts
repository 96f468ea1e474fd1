import { describe, expect, it } from 'vitest';
import { messagePlainText } from './message-text';

// That reading runs nothing the message holds is DOMParser's (its document has no browsing
// context: scripting is off, nothing loads); jsdom runs no handler either way, so no test here
// could see the difference.

describe('messagePlainText (previews of provider messages)', () => {
  it('gives the words, whitespace collapsed', () => {
    expect(messagePlainText('<p>Hello <i>there</i></p>\n<p>again</p>')).toBe('Hello there again');
    expect(messagePlainText('Plain   text,\n no tags')).toBe('Plain text, no tags');
    expect(messagePlainText('')).toBe('');
  });

  it('leaves out the text of scripts, styles and frames', () => {
    expect(
      messagePlainText(
        '<p>Dose <b>0.5 mg</b></p><script>alert(1)</script><style>p{}</style><noscript>x</noscript>',
      ),
    ).toBe('Dose 0.5 mg');
  });

  it('reads the same text as the sanitized HTML shows', async () => {
    const { sanitizeMessageHtml } = await import('./message-html');
    const html =
      '<p>Your <a href="https://example.com">lab results</a> are in.</p><ul><li>A1c</li></ul>';
    const shown = document.createElement('div');
    shown.innerHTML = sanitizeMessageHtml(html);
    expect(messagePlainText(html)).toBe((shown.textContent ?? '').replace(/\s+/g, ' ').trim());
  });
});
