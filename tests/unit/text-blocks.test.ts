import { describe, expect, it } from 'vitest';
import { parseTextBlocks } from '../../src/domain/text-blocks';

describe('editorial text format', () => {
  it('reads headings, paragraphs and lists, and never HTML', () => {
    const body =
      '## Before the call\n\nKeep your phone\nwithin reach.\n\n- Passport\n- Police report\n\nThen <b>wait</b>.';
    expect(parseTextBlocks(body)).toEqual([
      { kind: 'heading', text: 'Before the call' },
      { kind: 'paragraph', text: 'Keep your phone within reach.' },
      { kind: 'list', items: ['Passport', 'Police report'] },
      { kind: 'paragraph', text: 'Then <b>wait</b>.' },
    ]);
  });

  it('splits a heading or a list written without blank lines', () => {
    expect(parseTextBlocks('Intro\n## Title\n- a\n- b\nAfter')).toEqual([
      { kind: 'paragraph', text: 'Intro' },
      { kind: 'heading', text: 'Title' },
      { kind: 'list', items: ['a', 'b'] },
      { kind: 'paragraph', text: 'After' },
    ]);
  });
});
