/**
 * Provider message HTML is one document divided by section markers:
 *
 *   <p>Body shown first.</p>
 *   <!-- section: Dosing instructions -->
 *   <p>Shown as an accordion titled "Dosing instructions".</p>
 *   <!-- section: Side effects -->
 *   <ul>…</ul>
 *
 * A marker is an HTML comment `<!-- section: NAME -->` (case-insensitive keyword, spaces
 * optional around the colon and the name). It starts a section named NAME that runs to the
 * next marker or the end. HTML before the first marker, when it is not blank, is a first
 * section with an empty name; a message without markers is one such section. Sections whose
 * HTML is blank are left out. Comments are inert in a browser, so the stored HTML reads
 * correctly even where it is shown whole. Names are plain text; the web shows them as text.
 */
export interface MessageSection {
  name: string;
  html: string;
}

const MARKER = /<!--\s*section\s*:\s*([\s\S]*?)\s*-->/gi;

export function splitSections(html: string): MessageSection[] {
  const sections: MessageSection[] = [];
  let name = '';
  let start = 0;
  const push = (end: number) => {
    const part = html.slice(start, end).trim();
    if (part !== '') sections.push({ name, html: part });
  };
  for (const match of html.matchAll(MARKER)) {
    push(match.index);
    name = (match[1] ?? '').trim();
    start = match.index + match[0].length;
  }
  push(html.length);
  return sections;
}

/** The marker that starts a section, for whoever writes messages (demo data, staff tools). */
export function sectionMarker(name: string): string {
  return `<!-- section: ${name.replace(/-->/g, '')} -->`;
}

/**
 * Whether a section name carries markup (issue 45). A name is plain text: the web shows it as
 * text, but it reaches other readers too (the data API's clients, the care team's tools), and
 * a name is never a place for a tag. Any angle bracket is refused; an ampersand is text.
 */
export function sectionNameHasMarkup(name: string): boolean {
  return /[<>]/.test(name);
}
