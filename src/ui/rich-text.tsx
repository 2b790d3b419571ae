import { parseTextBlocks } from '../domain/text-blocks';
import styles from './rich-text.module.css';

/** Editorial text (see text-blocks.ts) as headings, paragraphs and lists. */
export function RichText({ body, headingLevel = 2 }: { body: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.text}>
      {parseTextBlocks(body).map((block, index) => {
        if (block.kind === 'heading') return <Heading key={index}>{block.text}</Heading>;
        if (block.kind === 'paragraph') return <p key={index}>{block.text}</p>;
        return (
          <ul key={index}>
            {block.items.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        );
      })}
    </div>
  );
}
