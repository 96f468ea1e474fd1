// The browser asks for a font file only once text in its weight is laid out, so a screen's
// first semibold heading painted in the fallback font and moved when Inter arrived
// (/prescriptions: "Web font loaded", a layout shift, issue 46). The signed-in frame asks for
// the weights its screens' text uses while their data loads, so a screen lays its text out once.
// Not in index.html: preloading there made the sign-in page's own scripts wait (its LCP).

/** Inter's weights in the theme (body 400; h3, h4 and buttons 600; h1, h2 700). */
const WEIGHTS = [400, 600, 700] as const;

/** Starts loading Inter's Latin files of WEIGHTS (those already loaded cost nothing). */
export function loadTextFonts(doc: Document = document): void {
  const fonts = doc.fonts as FontFaceSet | undefined;
  if (!fonts) return;
  for (const weight of WEIGHTS) {
    // A failed font leaves the fallback: nothing to report.
    fonts.load(`${weight} 1rem Inter`).catch(() => undefined);
  }
}
