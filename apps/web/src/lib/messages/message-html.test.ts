import { describe, expect, it } from 'vitest';
import { sanitizeMessageHtml } from './message-html';

describe('provider message HTML (DESIGN §4: sanitized before it is shown)', () => {
  it('drops scripts and event handlers and keeps formatting', () => {
    const clean = sanitizeMessageHtml(
      '<p><b>Hi</b><script>window.x=1</script><img src="x" onerror="window.y=1"></p>',
    );
    expect(clean).toContain('<b>Hi</b>');
    expect(clean).not.toMatch(/script|onerror/i);
  });

  it('drops javascript: links', () => {
    expect(sanitizeMessageHtml('<a href="javascript:alert(1)">x</a>')).not.toContain('javascript');
  });
});
