import { inflateSync } from 'node:zlib';

/**
 * The text drawn in a PDF made by pdfkit with its standard fonts: each content stream is
 * inflated (when compressed) and the hex strings of every TJ array are decoded and joined.
 * Enough to check what an invoice says; not a general PDF parser.
 */
export function pdfText(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes);
  const text: string[] = [];
  let from = 0;
  for (;;) {
    const start = buffer.indexOf('stream', from, 'latin1');
    if (start < 0) break;
    const dataStart = start + (buffer[start + 6] === 0x0d ? 8 : 7);
    const end = buffer.indexOf('endstream', dataStart, 'latin1');
    if (end < 0) break;
    const raw = buffer.subarray(dataStart, end);
    from = end + 9;
    let content: string;
    try {
      content = inflateSync(raw).toString('latin1');
    } catch {
      content = raw.toString('latin1');
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const pieces = [...(array[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((m) =>
        Buffer.from(m[1] ?? '', 'hex').toString('latin1'),
      );
      text.push(pieces.join(''));
    }
  }
  return text.join('\n');
}
