/** A file name as a title: "lipid-panel-and-a1c.pdf" reads "Lipid panel and a1c". */
export function labTitle(fileName: string): string {
  const words = fileName
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : fileName;
}
