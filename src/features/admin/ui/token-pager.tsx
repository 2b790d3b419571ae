/**
 * Paging through a list the service answers a page at a time with the next page's token (an audit
 * trail, a document's versions), in the component's own state rather than the URL: the token of
 * the page shown, and the tokens of the pages before it to go back ('' is the first page).
 */
import { useState } from 'react';
import { Button } from '../../../ui/button';

export function usePageTokens() {
  const [before, setBefore] = useState<string[]>([]);
  const [token, setToken] = useState('');
  return {
    token,
    /** Back a page; undefined on the first one. */
    back: token
      ? () => {
          setToken(before.at(-1) ?? '');
          setBefore(before.slice(0, -1));
        }
      : undefined,
    forward: (next: string) => {
      setBefore([...before, token]);
      setToken(next);
    },
    reset: () => {
      setBefore([]);
      setToken('');
    },
  };
}

type Props = {
  pages: ReturnType<typeof usePageTokens>;
  /** The next page's token, from the page shown. */
  next?: string;
  backLabel: string;
  nextLabel: string;
  className?: string;
};

/** The two buttons, each only when there is a page that way; nothing on a list of one page. */
export function TokenPager({ pages, next, backLabel, nextLabel, className }: Props) {
  if (!pages.back && !next) return null;
  return (
    <div className={className}>
      {pages.back && (
        <Button variant="secondary" size="small" onClick={pages.back}>
          {backLabel}
        </Button>
      )}
      {next && (
        <Button variant="secondary" size="small" onClick={() => pages.forward(next)}>
          {nextLabel}
        </Button>
      )}
    </div>
  );
}
