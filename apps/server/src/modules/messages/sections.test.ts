import { describe, expect, it } from 'vitest';
import { sectionMarker, sectionNameHasMarkup, splitSections } from './sections';

describe('provider message sections (spec 01 §3: messageSections with name and html)', () => {
  it('treats a message without markers as one unnamed section', () => {
    expect(splitSections('<p>Hello</p>')).toEqual([{ name: '', html: '<p>Hello</p>' }]);
  });

  it('splits on markers; text before the first marker is the unnamed body', () => {
    const html = `<p>Body</p>\n${sectionMarker('Dosing')}\n<p>Take 10 units</p>\n<!--SECTION:Side effects--><ul><li>Nausea</li></ul>`;
    expect(splitSections(html)).toEqual([
      { name: '', html: '<p>Body</p>' },
      { name: 'Dosing', html: '<p>Take 10 units</p>' },
      { name: 'Side effects', html: '<ul><li>Nausea</li></ul>' },
    ]);
  });

  it('leaves out blank sections, including an empty body before the first marker', () => {
    const html = `  ${sectionMarker('First')}<p>One</p>${sectionMarker('Empty')}   ${sectionMarker('Last')}<p>Two</p>`;
    expect(splitSections(html)).toEqual([
      { name: 'First', html: '<p>One</p>' },
      { name: 'Last', html: '<p>Two</p>' },
    ]);
  });

  it('keeps other comments and markup inside a section as they are', () => {
    const html = `<!-- note --><p>a</p>${sectionMarker('B')}<p>b<!-- x --></p>`;
    expect(splitSections(html)).toEqual([
      { name: '', html: '<!-- note --><p>a</p>' },
      { name: 'B', html: '<p>b<!-- x --></p>' },
    ]);
  });

  it('gives an empty list for an empty message', () => {
    expect(splitSections('   ')).toEqual([]);
  });

  it('says a name with a tag in it carries markup; plain names, ampersand included, do not', () => {
    for (const name of ['<b>x</b>', 'a <img src=x>', 'x>y', '<'])
      expect(sectionNameHasMarkup(name), name).toBe(true);
    for (const name of ['Dosing', 'Tips & tricks', 'Week 1 (of 4): "start low"', ''])
      expect(sectionNameHasMarkup(name), name).toBe(false);
  });
});
